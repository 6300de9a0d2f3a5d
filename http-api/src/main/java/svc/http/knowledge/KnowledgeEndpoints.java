package svc.http.knowledge;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.knowledge.KnowledgeIndex;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;

/**
 * {@code GET /api/v1/knowledge} (viewer): the deployment's knowledge bases with what was indexed;
 * {@code GET /api/v1/knowledge/{kb}/search?q=&limit=} (viewer): the best passages of one base by
 * BM25, the same search agents run with {@code search_knowledge}. The index is in memory, so both
 * answer on the route's thread without blocking.
 */
public final class KnowledgeEndpoints {

    private final KnowledgeIndex index;

    public KnowledgeEndpoints(KnowledgeIndex index) {
        this.index = index;
    }

    /** The list answer: every base (a handful; not paged). */
    public record KnowledgeList(List<KnowledgeIndex.Summary> items, int total) {}

    /** The search answer. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record SearchResult(String knowledgeBase, String query, List<KnowledgeIndex.Hit> results) {}

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/knowledge",
                        Role.VIEWER,
                        "knowledge.list",
                        Doc.of(
                                        "knowledge",
                                        "The deployment's knowledge bases, with files and passages indexed",
                                        "KnowledgeList")
                                .errors(401, 403, 429),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/knowledge/{kb}/search",
                        Role.VIEWER,
                        "knowledge.search",
                        Doc.of(
                                        "knowledge",
                                        "The passages of a knowledge base that best match q (BM25)",
                                        "KnowledgeSearch")
                                .query(
                                        new Query("q", "string", "the words to search for (required)"),
                                        new Query(
                                                "limit",
                                                "integer",
                                                "passages, 1 to " + KnowledgeIndex.MAX_LIMIT + " (default 5)"))
                                .errors(400, 401, 403, 404, 429),
                        this::search));
    }

    private Route list(Call call) {
        List<KnowledgeIndex.Summary> bases = index.bases();
        return complete(StatusCodes.OK, new KnowledgeList(bases, bases.size()), JsonSupport.json());
    }

    private Route search(Call call) {
        String kb = call.param("kb");
        if (index.base(kb).isEmpty()) {
            throw ApiProblem.notFound("no knowledge base named '" + kb + "'");
        }
        return parameterOptional(
                "q",
                q -> parameterOptional("limit", limit -> {
                    int n = limit(limit);
                    List<KnowledgeIndex.Hit> hits;
                    try {
                        hits = index.search(q.orElse(""), Optional.of(kb), n);
                    } catch (IllegalArgumentException e) {
                        throw ApiProblem.badRequest(e.getMessage());
                    }
                    return complete(StatusCodes.OK, new SearchResult(kb, q.orElse(""), hits), JsonSupport.json());
                }));
    }

    private static int limit(Optional<String> raw) {
        if (raw.isEmpty()) {
            return 5;
        }
        try {
            return Integer.parseInt(raw.get());
        } catch (NumberFormatException e) {
            throw ApiProblem.badRequest("limit: must be an integer, got '" + raw.get() + "'");
        }
    }
}
