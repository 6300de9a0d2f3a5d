package svc.core.tools;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool an agent can call. {@link #invoke} may block (it reads data, trains, writes files): the
 * agent always runs it on the ML dispatcher. A tool signals a problem the model can act on by
 * returning {@link ToolResult#error}; an exception means the tool itself broke.
 */
public interface Tool {

    String name();

    String description();

    /** JSON schema of the arguments object, as offered to the model. */
    String inputSchemaJson();

    ToolResult invoke(ToolContext context, JsonNode arguments) throws Exception;
}
