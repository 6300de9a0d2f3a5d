package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Map;

/** How an MCP server is reached; the file's {@code type} field says which variant. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = McpTransport.Stdio.class, name = "stdio"),
    @JsonSubTypes.Type(value = McpTransport.Http.class, name = "http"),
    @JsonSubTypes.Type(value = McpTransport.Sse.class, name = "sse")
})
public sealed interface McpTransport {

    /** The {@code type} values, in the order messages list them. */
    List<String> TYPES = List.of("stdio", "http", "sse");

    /** A local process spoken to over its standard input and output. */
    record Stdio(String command, List<String> args) implements McpTransport {
        public Stdio {
            args = Immutable.list(args);
        }
    }

    /** A server reached with streamable HTTP. */
    record Http(String url, Map<String, String> headers) implements McpTransport {
        public Http {
            headers = Immutable.map(headers);
        }
    }

    /** A server reached with server-sent events. */
    record Sse(String url, Map<String, String> headers) implements McpTransport {
        public Sse {
            headers = Immutable.map(headers);
        }
    }
}
