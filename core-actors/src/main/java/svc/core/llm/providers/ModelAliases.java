package svc.core.llm.providers;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one table of model aliases: the settings file's {@code sonnet}, {@code opus} and
 * {@code haiku} (the spec's default model is {@code sonnet}) as concrete model ids per provider
 * kind. Every provider call goes through {@link #resolve}, so a vendor never receives an alias.
 *
 * <p>Only the first-party vendor (and the embedded scripted model, which speaks its Messages API
 * and is priced as it) has these families. OpenAI, vLLM and Ollama serve other models, so an
 * alias sent to one of them has no honest translation: it is a start error naming the alias and
 * the provider ({@link #check}), and the operator writes a concrete model id instead.
 */
public final class ModelAliases {

    private static final Map<String, String> FIRST_PARTY = Map.of(
            "sonnet", "claude-sonnet-4-5",
            "opus", "claude-opus-4-1",
            "haiku", "claude-haiku-4-5");

    /** Alias → provider kind → model id. */
    private static final Map<String, Map<String, String>> TABLE = table();

    private ModelAliases() {}

    private static Map<String, Map<String, String>> table() {
        Map<String, Map<String, String>> t = new LinkedHashMap<>();
        FIRST_PARTY.forEach((alias, id) -> t.put(alias, Map.of("anthropic", id, "scripted", id)));
        return Map.copyOf(t);
    }

    /** The aliases the table knows. */
    public static List<String> aliases() {
        return TABLE.keySet().stream().sorted().toList();
    }

    public static boolean isAlias(String model) {
        return model != null && TABLE.containsKey(model);
    }

    /** The model id {@code kind} is sent for {@code model}: the alias's mapping, or the model itself. */
    public static String resolve(String kind, String model) {
        if (!isAlias(model)) {
            return model;
        }
        String id = TABLE.get(model).get(kind);
        if (id == null) {
            throw new IllegalArgumentException(unmapped(model, kind, null));
        }
        return id;
    }

    /** Why {@code model} cannot be sent to the provider {@code name} of {@code kind}, or empty. */
    public static Optional<String> check(String model, String kind, String name) {
        if (!isAlias(model) || TABLE.get(model).containsKey(kind)) {
            return Optional.empty();
        }
        return Optional.of(unmapped(model, kind, name));
    }

    private static String unmapped(String alias, String kind, String name) {
        String provider = name == null ? "kind `" + kind + "`" : "`" + name + "` (kind " + kind + ")";
        return "model alias `" + alias + "` has no mapping for provider " + provider
                + ": aliases map only for anthropic and scripted; write a concrete model id of that provider";
    }
}
