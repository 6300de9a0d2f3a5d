package svc.governance.egress;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds every URL in a tool call's arguments: anything shaped {@code scheme:/...} or
 * {@code scheme:scheme:/...} (as in {@code jar:http://}) inside any string at any depth, plus the
 * scheme-less value of a field whose name says it holds a URL or host ({@code url},
 * {@code base_url}, {@code host}, {@code endpoint}, ...), which tools would otherwise complete
 * with {@code http://} themselves.
 */
public final class UrlFinder {

    private static final Pattern URL = Pattern.compile(
            "(?<![A-Za-z0-9+.-])(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:(?:[/\\\\]|[A-Za-z][A-Za-z0-9+.-]{1,31}:[/\\\\])"
                    // browsers also read "http:127.0.0.1" (no slashes) as a URL with a host
                    + "|[Hh][Tt][Tt][Pp][Ss]?:(?=[A-Za-z0-9\\[%]))[^\\s\"'<>`]*");
    private static final Pattern URL_FIELD =
            Pattern.compile("(?:^|_|-)(?:url|uri|href|endpoint|host|hostname|webhook)$");

    private UrlFinder() {}

    public static List<String> inText(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = URL.matcher(text);
        while (m.find()) {
            out.add(trimTrailingPunctuation(m.group()));
        }
        return out;
    }

    public static List<String> inJson(JsonNode node) {
        List<String> out = new ArrayList<>();
        walk(null, node, out);
        return out;
    }

    private static void walk(String field, JsonNode node, List<String> out) {
        if (node.isTextual()) {
            List<String> found = inText(node.textValue());
            out.addAll(found);
            String value = node.textValue().trim();
            if (found.isEmpty()
                    && field != null
                    && !value.isEmpty()
                    && !value.contains(" ")
                    && URL_FIELD.matcher(field.toLowerCase(Locale.ROOT)).find()) {
                out.add(value.startsWith("//") ? "http:" + value : "http://" + value);
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> f : node.properties()) {
                walk(f.getKey(), f.getValue(), out);
            }
        } else if (node.isArray()) {
            node.forEach(child -> walk(field, child, out));
        }
    }

    /** Sentence punctuation after a URL in prose is not part of it. */
    private static String trimTrailingPunctuation(String url) {
        int end = url.length();
        while (end > 0 && ".,;:!?)]}".indexOf(url.charAt(end - 1)) >= 0) {
            // keep the closing bracket of an IPv6 host such as http://[::1]
            if (url.charAt(end - 1) == ']' && url.lastIndexOf('[', end - 1) > url.indexOf(':')) {
                break;
            }
            end--;
        }
        return url.substring(0, end);
    }
}
