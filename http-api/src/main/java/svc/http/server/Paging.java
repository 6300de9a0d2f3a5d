package svc.http.server;

import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;

import java.util.Optional;
import java.util.function.Function;
import org.apache.pekko.http.javadsl.server.Route;
import svc.http.problem.ApiProblem;

/** {@code ?limit&offset} of list endpoints: limit 1..1000 (default 50), offset 0 or more. */
public record Paging(int limit, int offset) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1000;

    /** The directive: extracts and checks both parameters (a bad value is a 400). */
    public static Route paging(Function<Paging, Route> inner) {
        return parameterOptional(
                "limit", limit -> parameterOptional("offset", offset -> inner.apply(of(limit, offset))));
    }

    static Paging of(Optional<String> rawLimit, Optional<String> rawOffset) {
        int limit = number("limit", rawLimit, DEFAULT_LIMIT);
        int offset = number("offset", rawOffset, 0);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiProblem.badRequest("limit: must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
        if (offset < 0) {
            throw ApiProblem.badRequest("offset: must not be negative, got " + offset);
        }
        return new Paging(limit, offset);
    }

    private static int number(String name, Optional<String> raw, int fallback) {
        if (raw.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(raw.get().strip());
        } catch (NumberFormatException e) {
            throw ApiProblem.badRequest(name + ": must be an integer, got '" + raw.get() + "'");
        }
    }
}
