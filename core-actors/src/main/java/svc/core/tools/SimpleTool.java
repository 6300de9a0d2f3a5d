package svc.core.tools;

import com.fasterxml.jackson.databind.JsonNode;

/** A tool made of a name, a description, an input schema and a function: most tools are just that. */
public record SimpleTool(String name, String description, String inputSchemaJson, Handler handler) implements Tool {

    /** The tool's work. */
    @FunctionalInterface
    public interface Handler {
        ToolResult apply(ToolContext context, JsonNode arguments) throws Exception;
    }

    @Override
    public ToolResult invoke(ToolContext context, JsonNode arguments) throws Exception {
        return handler.apply(context, arguments);
    }

    /** A JSON schema for an object with the given string/number/array properties, none required. */
    public static String schema(String... properties) {
        StringBuilder s = new StringBuilder("{\"type\":\"object\",\"properties\":{");
        for (int i = 0; i < properties.length; i++) {
            String[] nameType = properties[i].split(":");
            String type = nameType.length > 1 ? nameType[1] : "string";
            if (i > 0) {
                s.append(',');
            }
            s.append('"').append(nameType[0]).append("\":");
            s.append(
                    type.equals("array")
                            ? "{\"type\":\"array\",\"items\":{\"type\":\"string\"}}"
                            : "{\"type\":\"" + type + "\"}");
        }
        return s.append("}}").toString();
    }
}
