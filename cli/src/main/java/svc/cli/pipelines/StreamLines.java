package svc.cli.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One readable line per stream message ({@code svc.core.stream.StreamMessages}): who did what,
 * shortened to one line. Messages a person does not need (cost updates, tasks that ended
 * well) give no line; the JSON stays available through the API for anyone who needs all of it.
 */
final class StreamLines {

    /** Longest shown text of a message or tool result; the artefacts hold the whole text. */
    static final int MAX_TEXT = 100;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private StreamLines() {}

    /** The line for a message, prefixed by its time (UTC), or empty when the message needs none. */
    static Optional<String> line(JsonNode m) {
        return text(m).map(t -> time(m.path("ts").asText("")) + t);
    }

    private static Optional<String> text(JsonNode m) {
        String agent = m.path("agent").asText("?");
        switch (m.path("type").asText("")) {
            case "agent_message":
                return Optional.of(
                        m.path("role").asText().equals("user")
                                ? agent + " <- task: "
                                        + shorten(m.path("content").asText(""))
                                : agent + ": " + shorten(m.path("content").asText("")));
            case "tool_call":
                return Optional.of(agent + " -> " + calls(m.path("tool_calls")));
            case "tool_result":
            case "training_log":
                return Optional.of(agent + " <- " + m.path("tool").asText("?")
                        + (m.path("is_error").asBoolean(false) ? " FAILED" : "") + duration(m.path("duration_ms"))
                        + ": " + shorten(m.path("content").asText("")));
            case "stage":
                return Optional.of(stage(m));
            case "gate":
                return Optional.of(gate(m));
            case "state":
                return m.hasNonNull("state")
                        ? Optional.of("run " + m.path("state").asText()
                                + (m.hasNonNull("reason")
                                        ? ": " + shorten(m.path("reason").asText())
                                        : ""))
                        : Optional.empty();
            case "task_finished":
                return m.path("ok").asBoolean(true)
                        ? Optional.empty()
                        : Optional.of(agent + " task " + m.path("task_id").asText("?") + " failed");
            default:
                return Optional.empty();
        }
    }

    private static String calls(JsonNode toolCalls) {
        List<String> parts = new ArrayList<>();
        for (JsonNode call : toolCalls) {
            String name = call.path("name").asText("?");
            if (name.startsWith("transfer_to_")) {
                parts.add("delegates to " + name.substring("transfer_to_".length()));
            } else {
                JsonNode arguments = call.path("arguments");
                parts.add(name + "("
                        + (arguments.isMissingNode() || arguments.isEmpty() ? "" : shorten(arguments.toString(), 60))
                        + ")");
            }
        }
        return parts.isEmpty() ? "(no tool calls)" : String.join("; ", parts);
    }

    private static String stage(JsonNode m) {
        String node = m.path("node").asText("?");
        if (m.path("completed").asBoolean(false)) {
            return "stage " + node + " done";
        }
        int visit = m.path("visit").asInt(1);
        return "stage " + node + (visit > 1 ? " (visit " + visit + ")" : "");
    }

    private static String gate(JsonNode m) {
        String id = m.path("gate_id").asText("?");
        if (m.path("escalated").asBoolean(false)) {
            return "gate " + id + " escalated";
        }
        String state = m.path("state").asText("?");
        return switch (state) {
            case "pending" ->
                "gate " + id + " (" + m.path("gate_type").asText("?") + ") waits for a decision: svc approvals approve "
                        + id;
            case "approved", "rejected" ->
                "gate " + id + " " + state + " by " + m.path("by").asText("?")
                        + (m.path("rationale").asText("").isBlank()
                                ? ""
                                : ": " + shorten(m.path("rationale").asText()));
            default -> "gate " + id + " " + state;
        };
    }

    private static String duration(JsonNode ms) {
        if (!ms.isNumber()) {
            return "";
        }
        long millis = ms.asLong();
        return millis < 1000 ? " (" + millis + " ms)" : String.format(Locale.ROOT, " (%.1f s)", millis / 1000.0);
    }

    private static String time(String ts) {
        try {
            return TIME.format(Instant.parse(ts)) + " ";
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    static String shorten(String text) {
        return shorten(text, MAX_TEXT);
    }

    private static String shorten(String text, int max) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() <= max ? flat : flat.substring(0, max - 3) + "...";
    }
}
