package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * One column of a {@code --table} listing: its header and how to read a cell from a list item.
 *
 * @param header the column title, upper case by convention
 * @param cell the cell text of one item; null or an empty string shows as {@code -}
 */
public record Column(String header, Function<JsonNode, String> cell) {

    /** A column showing one field of the item as text. */
    public static Column field(String header, String field) {
        return new Column(header, item -> {
            JsonNode value = item.get(field);
            return value == null || value.isNull() ? null : value.isValueNode() ? value.asText() : value.toString();
        });
    }
}
