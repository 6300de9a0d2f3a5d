package svc.governance.pii;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Rewrites every string value of a JSON tree, however deeply nested. Field names are left alone:
 * renaming keys could merge two fields into one. Returns the same instance when nothing changed,
 * so callers can tell "untouched" by identity.
 */
public final class JsonStrings {

    private JsonStrings() {}

    public static JsonNode map(JsonNode node, UnaryOperator<String> f) {
        if (node.isTextual()) {
            String before = node.textValue();
            String after = f.apply(before);
            return after.equals(before) ? node : TextNode.valueOf(after);
        }
        if (node.isObject()) {
            ObjectNode copy = null;
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode mapped = map(field.getValue(), f);
                if (mapped != field.getValue()) {
                    if (copy == null) {
                        copy = ((ObjectNode) node).deepCopy();
                    }
                    copy.set(field.getKey(), mapped);
                }
            }
            return copy == null ? node : copy;
        }
        if (node.isArray()) {
            ArrayNode copy = null;
            for (int i = 0; i < node.size(); i++) {
                JsonNode mapped = map(node.get(i), f);
                if (mapped != node.get(i)) {
                    if (copy == null) {
                        copy = JsonNodeFactory.instance.arrayNode(node.size());
                        copy.addAll((ArrayNode) node);
                    }
                    copy.set(i, mapped);
                }
            }
            return copy == null ? node : copy;
        }
        return node;
    }
}
