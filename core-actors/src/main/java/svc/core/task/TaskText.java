package svc.core.task;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import svc.config.Json;

/**
 * Tasks and answers between agents are prose for the model plus one fenced JSON block with the
 * structured part (stage, goal, tool arguments, results). Any model can read the prose; the block
 * keeps the facts exact.
 */
public final class TaskText {

    private static final Pattern BLOCK = Pattern.compile("```json\\s*\\n(.*?)\\n```", Pattern.DOTALL);

    private TaskText() {}

    public static String render(String sentence, JsonNode data) {
        return sentence + "\n```json\n" + Json.write(data) + "\n```";
    }

    /** The last JSON block of a text, if there is one and it parses. */
    public static Optional<JsonNode> data(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = BLOCK.matcher(text);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        if (last == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.parse(last));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The prose before the first JSON block. */
    public static String prose(String text) {
        int i = text.indexOf("```json");
        return (i < 0 ? text : text.substring(0, i)).trim();
    }
}
