package svc.core.plugins;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * A Markdown file with an optional YAML front matter block ({@code ---} lines around it), as
 * skills, commands and agents are written.
 */
record FrontMatter(JsonNode fields, String body) {

    private static final YAMLMapper YAML = new YAMLMapper();

    static FrontMatter parse(String text, String file) {
        String t = text.replace("\r\n", "\n");
        if (!t.startsWith("---\n")) {
            return new FrontMatter(JsonNodeFactory.instance.objectNode(), t.strip());
        }
        int end = t.indexOf("\n---", 3);
        if (end < 0) {
            throw PluginException.invalid(file + ": the front matter opened by --- is never closed");
        }
        String yaml = t.substring(4, end);
        int bodyStart = t.indexOf('\n', end + 1);
        String body = bodyStart < 0 ? "" : t.substring(bodyStart + 1);
        JsonNode fields;
        try {
            fields = yaml.isBlank() ? JsonNodeFactory.instance.objectNode() : YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw PluginException.invalid(file + ": the front matter is not YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        if (fields == null || !fields.isObject()) {
            throw PluginException.invalid(file + ": the front matter must be a YAML mapping");
        }
        return new FrontMatter(fields, body.strip());
    }

    String text(String field) {
        JsonNode v = fields.get(field);
        return v == null || v.isNull() ? null : v.asText().strip();
    }
}
