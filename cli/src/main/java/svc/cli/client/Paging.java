package svc.cli.client;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --limit} and {@code --offset}, shared by the list commands; checked before any call. */
public final class Paging {

    /** The largest page the API serves (DESIGN.md: {@code limit} above 1000 is a 400). */
    public static final int MAX_LIMIT = 1000;

    @Option(names = "--limit", paramLabel = "N", description = "Page size, 1 to " + MAX_LIMIT + " (server default 50).")
    private Integer limit;

    @Option(names = "--offset", paramLabel = "M", description = "Records to skip (default 0).")
    private Integer offset;

    /** The query parameters ({@code null} for those not given); a value out of range is a usage error. */
    public Map<String, Object> query(CommandSpec spec) {
        if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
            throw new ParameterException(
                    spec.commandLine(), "--limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
        }
        if (offset != null && offset < 0) {
            throw new ParameterException(spec.commandLine(), "--offset must be 0 or more, got " + offset);
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("limit", limit);
        query.put("offset", offset);
        return query;
    }
}
