package svc.core.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolResult;

/**
 * {@code search_knowledge}: the agents' read-only way into the deployment's knowledge bases. It
 * writes nothing and reaches nothing outside the index, so it is offered to every agent of a
 * deployment that has knowledge bases (its result still passes the run's guardrails, G4 included).
 */
public final class KnowledgeTools {

    public static final String SEARCH = "search_knowledge";

    static final int DEFAULT_LIMIT = 5;

    private KnowledgeTools() {}

    public static Tool search(KnowledgeIndex index) {
        String bases = String.join(
                "; ",
                index.bases().stream()
                        .map(b -> b.name() + (b.description().isBlank() ? "" : ": " + b.description()))
                        .toList());
        return new SimpleTool(
                SEARCH,
                "Search the deployment's knowledge bases (BM25 ranking) and return the best passages with their "
                        + "source file. Arguments: query (words), knowledge_base (optional, one of the bases), "
                        + "limit (1.." + KnowledgeIndex.MAX_LIMIT + ", default " + DEFAULT_LIMIT + "). Bases: "
                        + bases,
                SimpleTool.schema("query:string", "knowledge_base:string", "limit:integer"),
                (ctx, args) -> search(index, args));
    }

    private static ToolResult search(KnowledgeIndex index, JsonNode args) {
        String query = args.path("query").asText("");
        Optional<String> kb =
                Optional.of(args.path("knowledge_base").asText("")).filter(s -> !s.isBlank());
        int limit = args.path("limit").asInt(DEFAULT_LIMIT);
        List<KnowledgeIndex.Hit> hits;
        try {
            hits = index.search(query, kb, limit);
        } catch (IllegalArgumentException e) {
            return ToolResult.error(e.getMessage());
        }
        ObjectNode out = Json.object().put("query", query);
        ArrayNode results = out.putArray("results");
        hits.forEach(h -> results.add(Json.MAPPER.valueToTree(h)));
        out.put(
                "summary",
                hits.isEmpty()
                        ? "no passage matches '" + query + "'"
                        : hits.size() + " passage(s); best: " + hits.get(0).source()
                                + (hits.get(0).title().isBlank()
                                        ? ""
                                        : " (" + hits.get(0).title() + ")"));
        return ToolResult.ok(out);
    }
}
