package svc.http.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the endpoint of a method and path from the endpoint list. Literal segments beat
 * parameters, so {@code /pipelines/{run_id}/stream} is never taken for an artefact name.
 */
public final class Router {

    /** A matched endpoint with its path parameters. */
    public record Match(Endpoint endpoint, Map<String, String> params) {}

    /** The outcome: a match, a path that exists with other methods (405), or nothing (404). */
    public sealed interface Result {}

    public record Found(Match match) implements Result {}

    public record WrongMethod(Set<String> allowed) implements Result {}

    public record NoRoute() implements Result {}

    private final List<Endpoint> endpoints;

    public Router(List<Endpoint> endpoints) {
        // Templates with more literal segments first: the most specific one wins.
        List<Endpoint> sorted = new ArrayList<>(endpoints);
        sorted.sort((a, b) -> Integer.compare(literals(b.template()), literals(a.template())));
        this.endpoints = List.copyOf(sorted);
    }

    public Result route(String method, String path) {
        Set<String> allowed = new LinkedHashSet<>();
        for (Endpoint e : endpoints) {
            Optional<Map<String, String>> params = match(e.template(), path);
            if (params.isEmpty()) {
                continue;
            }
            if (e.httpMethod().equals(method)
                    || (method.equals("HEAD") && e.httpMethod().equals("GET"))) {
                return new Found(new Match(e, params.get()));
            }
            allowed.add(e.httpMethod());
        }
        return allowed.isEmpty() ? new NoRoute() : new WrongMethod(allowed);
    }

    /** The parameters of {@code path} under {@code template}, or empty when it does not match. */
    static Optional<Map<String, String>> match(String template, String path) {
        String[] t = split(template);
        String[] p = split(path);
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < t.length; i++) {
            String segment = t[i];
            if (segment.startsWith("{") && segment.endsWith("...}")) {
                if (i >= p.length) {
                    return Optional.empty();
                }
                params.put(
                        segment.substring(1, segment.length() - 4),
                        String.join("/", java.util.Arrays.copyOfRange(p, i, p.length)));
                return Optional.of(params);
            }
            if (i >= p.length) {
                return Optional.empty();
            }
            if (segment.startsWith("{")) {
                if (p[i].isEmpty()) {
                    return Optional.empty();
                }
                params.put(segment.substring(1, segment.length() - 1), p[i]);
            } else if (!segment.equals(p[i])) {
                return Optional.empty();
            }
        }
        return t.length == p.length ? Optional.of(params) : Optional.empty();
    }

    private static String[] split(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        if (trimmed.isEmpty()) {
            return new String[0];
        }
        String[] segments = trimmed.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            segments[i] = java.net.URLDecoder.decode(
                    segments[i].replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        }
        return segments;
    }

    private static int literals(String template) {
        int n = 0;
        for (String s : split(template)) {
            if (!s.startsWith("{")) {
                n++;
            }
        }
        return n;
    }
}
