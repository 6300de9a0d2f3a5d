package svc.core.llm.providers;

import java.util.Comparator;
import java.util.Locale;
import java.util.Map;

/**
 * Context windows in tokens per model family, from the vendors' model pages. An unknown model
 * gets a deliberately small window: compacting a little early is cheap, overflowing a local
 * model's context silently truncates the prompt.
 */
public final class ContextWindows {

    public static final int UNKNOWN_MODEL_WINDOW = 32_768;

    private static final Map<String, Integer> WINDOWS = Map.ofEntries(
            Map.entry("claude-", 200_000),
            Map.entry("sonnet", 200_000),
            Map.entry("gpt-4o", 128_000),
            Map.entry("gpt-4.1", 1_047_576),
            Map.entry("gpt-5", 400_000),
            Map.entry("o3", 200_000),
            Map.entry("o4-mini", 200_000),
            Map.entry("llama3.1", 131_072),
            Map.entry("llama3.2", 131_072),
            Map.entry("llama3.3", 131_072),
            Map.entry("qwen2.5", 32_768),
            Map.entry("qwen3", 40_960),
            Map.entry("mistral", 32_768));

    private ContextWindows() {}

    /** The window of {@code model}, matched by its longest known prefix (dated ids included). */
    public static int windowOf(String model) {
        if (model == null) {
            return UNKNOWN_MODEL_WINDOW;
        }
        // Ollama names carry a tag after a colon (llama3.1:8b) and vLLM often a path (meta-llama/...).
        String name = model.substring(model.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        return WINDOWS.entrySet().stream()
                .filter(e -> name.startsWith(e.getKey()))
                .max(Comparator.comparingInt(e -> e.getKey().length()))
                .map(Map.Entry::getValue)
                .orElse(UNKNOWN_MODEL_WINDOW);
    }
}
