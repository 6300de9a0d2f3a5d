package svc.http.server;

import svc.http.problem.ApiProblem;

/** {@code ?limit&offset} of list endpoints: limit 1..1000 (default 50), offset 0 or more. */
public record Paging(int limit, int offset) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;

    public static Paging of(Call call) {
        int limit = number(call, "limit", DEFAULT_LIMIT);
        int offset = number(call, "offset", 0);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiProblem.badRequest("limit: must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
        if (offset < 0) {
            throw ApiProblem.badRequest("offset: must not be negative, got " + offset);
        }
        return new Paging(limit, offset);
    }

    private static int number(Call call, String name, int fallback) {
        String raw = call.query(name).orElse(null);
        if (raw == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw ApiProblem.badRequest(name + ": must be an integer, got '" + raw + "'");
        }
    }
}
