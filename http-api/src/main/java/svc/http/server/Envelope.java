package svc.http.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import svc.config.Json;

/** The list envelope {@code {items, total, limit, offset}} every list endpoint answers with. */
public final class Envelope {

    private Envelope() {}

    public static ObjectNode of(
            List<? extends com.fasterxml.jackson.databind.JsonNode> items, int total, int limit, int offset) {
        ObjectNode o = Json.object();
        items.forEach(o.putArray("items")::add);
        o.put("total", total);
        o.put("limit", limit);
        o.put("offset", offset);
        return o;
    }

    /** A whole list as one page (limit and offset applied here). */
    public static ObjectNode page(List<? extends com.fasterxml.jackson.databind.JsonNode> all, Paging paging) {
        int from = Math.min(paging.offset(), all.size());
        int to = Math.min(all.size(), from + paging.limit());
        return of(all.subList(from, to), all.size(), paging.limit(), paging.offset());
    }
}
