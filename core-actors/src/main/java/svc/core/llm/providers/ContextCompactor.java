package svc.core.llm.providers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import svc.core.Texts;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;

/**
 * Shrinks a conversation that has grown to {@value #TRIGGER_PERCENT} percent of the model's
 * context window, before it is sent. Kept: the system prompt, everything up to and including
 * the first user message (the agent's first task), the latest user message (its current task)
 * and as many of the most recent messages as fit in half the window. The middle becomes one
 * user message that lists what was said, called and answered, each line shortened.
 *
 * <p>The unit of keeping or dropping is an exchange: an assistant message together with the
 * tool results that answer its calls, because every vendor rejects a tool result whose call is
 * missing and a call whose result is missing.
 *
 * <p>Tokens are estimated at four characters each, which is what the vendors' own rules of
 * thumb say for English and JSON; the estimate only decides when to compact, never what is
 * billed. Pure: no I/O, no clock.
 */
public final class ContextCompactor {

    public static final int TRIGGER_PERCENT = 80;
    /** What a compacted conversation aims at, so the next call does not compact again at once. */
    static final int TARGET_PERCENT = 50;

    private static final int CHARS_PER_TOKEN = 4;
    private static final int SUMMARY_MAX_LINES = 60;
    private static final int LINE_MAX_CHARS = 200;

    private ContextCompactor() {}

    /** The shorter conversation and what it saved. */
    public record Compaction(List<ChatMessage> messages, int messagesReplaced, long tokensBefore, long tokensAfter) {}

    /** Estimated prompt tokens of a request: system prompt, messages, tool calls and tool specs. */
    public static long estimateTokens(LlmRequest request) {
        long chars = length(request.system());
        for (ToolSpec t : request.tools()) {
            chars += length(t.name()) + length(t.description()) + length(t.inputSchemaJson());
        }
        return chars / CHARS_PER_TOKEN + estimateTokens(request.messages());
    }

    static long estimateTokens(List<ChatMessage> messages) {
        long chars = 0;
        for (ChatMessage m : messages) {
            chars += length(m.content());
            for (ToolCall c : m.toolCalls()) {
                chars += length(c.name()) + length(c.argumentsJson());
            }
        }
        return chars / CHARS_PER_TOKEN;
    }

    /** A compacted conversation when the request reaches the trigger and has a middle to drop. */
    public static Optional<Compaction> compactIfNeeded(LlmRequest request, int windowTokens) {
        long before = estimateTokens(request);
        if (before * 100 < (long) windowTokens * TRIGGER_PERCENT) {
            return Optional.empty();
        }
        List<ChatMessage> messages = request.messages();
        int headEnd = 0;
        while (headEnd < messages.size() && messages.get(headEnd).role() != ChatMessage.Role.USER) {
            headEnd++;
        }
        headEnd = Math.min(headEnd + 1, messages.size());
        List<ChatMessage> head = messages.subList(0, headEnd);
        List<List<ChatMessage>> units = exchanges(messages.subList(headEnd, messages.size()));
        if (units.size() < 2) {
            return Optional.empty();
        }

        long fixed = before
                - estimateTokens(messages)
                + estimateTokens(head)
                + SUMMARY_MAX_LINES * LINE_MAX_CHARS / CHARS_PER_TOKEN;
        long budget = (long) windowTokens * TARGET_PERCENT / 100;
        int tailStart = units.size() - 1;
        long used = fixed + estimateTokens(units.get(tailStart));
        while (tailStart > 0) {
            long next = estimateTokens(units.get(tailStart - 1));
            if (used + next > budget) {
                break;
            }
            used += next;
            tailStart--;
        }
        if (tailStart == 0) {
            return Optional.empty();
        }
        List<List<ChatMessage>> middle = new ArrayList<>(units.subList(0, tailStart));
        List<List<ChatMessage>> tail = units.subList(tailStart, units.size());
        Optional<ChatMessage> currentTask = Optional.empty();
        if (tail.stream().flatMap(List::stream).noneMatch(m -> m.role() == ChatMessage.Role.USER)) {
            for (int i = middle.size() - 1; i >= 0; i--) {
                if (middle.get(i).get(0).role() == ChatMessage.Role.USER) {
                    currentTask = Optional.of(middle.remove(i).get(0));
                    break;
                }
            }
        }

        List<ChatMessage> replaced = middle.stream().flatMap(List::stream).toList();
        List<ChatMessage> result = new ArrayList<>(head);
        result.add(ChatMessage.user(summary(replaced)));
        currentTask.ifPresent(result::add);
        tail.forEach(result::addAll);
        long after = before - estimateTokens(messages) + estimateTokens(result);
        return Optional.of(new Compaction(List.copyOf(result), replaced.size(), before, after));
    }

    /** Splits messages into exchanges: an assistant turn with its tool results, or one user turn. */
    static List<List<ChatMessage>> exchanges(List<ChatMessage> messages) {
        List<List<ChatMessage>> units = new ArrayList<>();
        List<ChatMessage> current = null;
        for (ChatMessage m : messages) {
            if (m.role() == ChatMessage.Role.TOOL && current != null) {
                current.add(m);
            } else {
                current = new ArrayList<>();
                current.add(m);
                units.add(current);
            }
        }
        return units;
    }

    private static String summary(List<ChatMessage> replaced) {
        List<String> lines = new ArrayList<>();
        for (ChatMessage m : replaced) {
            switch (m.role()) {
                case USER -> lines.add("- user: " + shorten(m.content()));
                case ASSISTANT -> {
                    if (!m.content().isBlank()) {
                        lines.add("- you said: " + shorten(m.content()));
                    }
                    for (ToolCall c : m.toolCalls()) {
                        lines.add("- you called " + c.name() + " " + shorten(c.argumentsJson()));
                    }
                }
                case TOOL -> lines.add("- " + (m.isError() ? "tool error: " : "tool result: ") + shorten(m.content()));
            }
        }
        StringBuilder text = new StringBuilder("[Context compacted: ")
                .append(replaced.size())
                .append(" earlier messages were replaced by this summary to fit the context window.]\n");
        int skipped = Math.max(0, lines.size() - SUMMARY_MAX_LINES);
        if (skipped > 0) {
            text.append("- (").append(skipped).append(" older lines omitted)\n");
        }
        lines.subList(skipped, lines.size()).forEach(l -> text.append(l).append('\n'));
        return text.toString().stripTrailing();
    }

    private static String shorten(String s) {
        String flat = s.strip().replaceAll("\\s+", " ");
        return flat.length() <= LINE_MAX_CHARS ? flat : Texts.prefix(flat, LINE_MAX_CHARS - 1) + "…";
    }

    private static long length(String s) {
        return s == null ? 0 : s.length();
    }
}
