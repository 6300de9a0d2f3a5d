package svc.http.system;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.llm.providers.LlmProviders;
import svc.core.tools.ToolSource;

/** The answer of {@code /livez}: {@code ok} or {@code degraded}, with each check. */
record Readiness(String status, Checks checks) {

    /** The answer of {@code /healthz}. */
    record Health(String status) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Checks(Check database, StoreCheck artifactStore, LlmCheck llmProvider, McpCheck mcpServers) {}

    /**
     * The artefact store: it answers and takes writes, and the space left on the file system this
     * node writes the runs' files to (the store's directory, or the working copy in front of S3);
     * none left is a failure, since every run's next write would fail. Space unknown: null.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StoreCheck(
            boolean ok,
            String detail,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long freeBytes,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long totalBytes) {}

    /**
     * The MCP servers, each with its state. Always {@code ok}: a server starts on its first call
     * and again after a crash, so none of them makes the node unready.
     */
    record McpCheck(boolean ok, List<Server> servers) {}

    /** One MCP server: {@code not_started}, {@code running}, {@code crashed} or {@code stopped}. */
    record Server(String name, String kind, String state, int restarts, String detail) {
        static Server of(ToolSource.Health h) {
            return new Server(h.name(), h.kind(), h.state(), h.restarts(), h.detail());
        }
    }

    record Check(boolean ok, String detail) {}

    /** The model providers; {@code detail} only when there is nothing to reach. */
    record LlmCheck(
            boolean ok,
            String provider,
            @JsonInclude(JsonInclude.Include.NON_NULL) String detail,
            List<Reach> providers) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Reach(String name, String kind, String baseUrl, boolean reachable, String detail) {
        static Reach of(LlmProviders.Reachability r) {
            return new Reach(r.provider(), r.kind(), r.baseUrl(), r.reachable(), r.detail());
        }
    }
}
