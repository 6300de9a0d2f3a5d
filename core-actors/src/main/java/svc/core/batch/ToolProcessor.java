package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import svc.config.Json;
import svc.core.tools.ToolInvoker;
import svc.core.tools.ToolResult;

/**
 * {@code custom}: a named tool per record, the record being its arguments, through the same
 * governance as an agent's call (permission engine, then the tool, then POST_TOOL guardrails). A
 * denial or a failed tool is that record's error; the batch goes on.
 */
final class ToolProcessor implements RecordProcessor {

    private final ToolInvoker invoker;
    private final String runId;
    private final String agent;
    private final String tool;

    ToolProcessor(ToolInvoker invoker, String runId, String agent, String tool) {
        this.invoker = invoker;
        this.runId = runId;
        this.agent = agent;
        this.tool = tool;
    }

    @Override
    public boolean oneByOne() {
        return true;
    }

    @Override
    public Outcome process(JsonNode record) {
        if (!record.isObject()) {
            return Outcome.error("a record must be a JSON object of the tool's arguments");
        }
        ToolInvoker.Outcome outcome = invoker.invokeHere(runId, agent, tool, record);
        if (outcome instanceof ToolInvoker.Denied d) {
            return Outcome.error("denied by " + d.ruleSource() + ": " + d.reason());
        }
        ToolResult result = ((ToolInvoker.Completed) outcome).result();
        JsonNode content = parse(result.contentJson());
        if (!result.ok()) {
            JsonNode error = content.path("error");
            return Outcome.error(error.isTextual() ? error.asText() : content.toString());
        }
        return Outcome.ok(content);
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (IllegalArgumentException e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }
}
