package svc.http.reports;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.reports.CostReports;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.persistence.costs.CostRepository.GroupBy;

/**
 * {@code GET /api/v1/reports/costs?from=&to=&group_by=}: the LLM spend the runs recorded, summed.
 * {@code from} and {@code to} are ISO dates ({@code 2026-11-01}, whole UTC days, {@code to}
 * included) or instants ({@code 2026-11-01T12:00:00Z}, {@code to} excluded); either may be left
 * out. {@code group_by} is agent (default), run, model or provider.
 */
public final class ReportEndpoints {

    private final CostReports reports;

    public ReportEndpoints(CostReports reports) {
        this.reports = reports;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "GET",
                "/api/v1/reports/costs",
                Role.VIEWER,
                "reports.costs",
                Doc.of("reports", "LLM spend over a time range, grouped by agent, run, model or provider", "CostReport")
                        .query(
                                new Query("from", "string", "ISO date (inclusive) or instant; default: the beginning"),
                                new Query(
                                        "to",
                                        "string",
                                        "ISO date (inclusive: the whole day) or instant (exclusive); default: now"),
                                new Query("group_by", "string", "agent (default), run, model or provider"))
                        .errors(400, 401, 429),
                this::costs));
    }

    private Route costs(Call call) {
        return parameterOptional(
                "from",
                from -> parameterOptional(
                        "to",
                        to -> parameterOptional("group_by", by -> {
                            Instant start = instant("from", from, false);
                            Instant end = instant("to", to, true);
                            if (start != null && end != null && !start.isBefore(end)) {
                                throw ApiProblem.badRequest("from: must come before to");
                            }
                            return onSuccess(
                                    reports.costs(start, end, groupBy(by)),
                                    r -> complete(StatusCodes.OK, CostReportRecord.of(r), JsonSupport.json()));
                        })));
    }

    /** A date is the start of that UTC day; as the end of a range, the start of the next one. */
    static Instant instant(String name, Optional<String> raw, boolean end) {
        String v = raw.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
        if (v == null) {
            return null;
        }
        try {
            if (v.length() == 10) {
                LocalDate day = LocalDate.parse(v);
                return (end ? day.plusDays(1) : day)
                        .atStartOfDay(ZoneOffset.UTC)
                        .toInstant();
            }
            return Instant.parse(v);
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest(
                    name + ": must be an ISO date (2026-11-01) or instant (2026-11-01T12:00:00Z), got '" + v + "'");
        }
    }

    private static GroupBy groupBy(Optional<String> raw) {
        String v = raw.map(String::strip).filter(s -> !s.isEmpty()).orElse("agent");
        GroupBy g = GroupBy.of(v);
        if (g == null) {
            throw ApiProblem.badRequest("group_by: must be one of "
                    + Arrays.stream(GroupBy.values()).map(GroupBy::wireName).toList() + ", got '" + v + "'");
        }
        return g;
    }
}
