package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the knowledge endpoints. */
final class KnowledgeSchemas {

    private KnowledgeSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
                "KnowledgeBase",
                object(
                        new String[] {"name", "description", "files", "passages", "skipped"},
                        "name",
                        Schema.of("string"),
                        "description",
                        Schema.of("string"),
                        "files",
                        Schema.of("integer"),
                        "passages",
                        Schema.of("integer"),
                        "skipped",
                        Schema.array(Schema.string("files that are not text, not indexed"))));
        s.put(
                "KnowledgeList",
                object(
                        new String[] {"items", "total"},
                        "items",
                        Schema.array(Schema.ref("KnowledgeBase")),
                        "total",
                        Schema.of("integer")));
        s.put(
                "KnowledgeHit",
                object(
                        new String[] {"knowledge_base", "source", "title", "passage", "score"},
                        "knowledge_base",
                        Schema.of("string"),
                        "source",
                        Schema.string("the file, relative to the base's folder"),
                        "title",
                        Schema.string("the passage's Markdown heading, or empty"),
                        "passage",
                        Schema.of("string"),
                        "score",
                        Schema.of("number")));
        s.put(
                "KnowledgeSearch",
                object(
                        new String[] {"knowledge_base", "query", "results"},
                        "knowledge_base",
                        Schema.of("string"),
                        "query",
                        Schema.of("string"),
                        "results",
                        Schema.array(Schema.ref("KnowledgeHit"))));
        return s;
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }
}
