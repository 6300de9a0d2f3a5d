package svc.governance.permission;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import svc.config.Json;

/**
 * One question to the engine: may {@code subject}, acting with {@code role}, call {@code tool}
 * with these arguments in this run?
 *
 * @param subject       the agent or API user
 * @param role          the role in force: the API user's own, or for an agent the role of the
 *                      user who started the run (RBAC applies to both)
 * @param tool          tool name, or endpoint class for API requests
 * @param argumentsJson compact JSON of the arguments ({@code {}} when there are none); argument
 *                      patterns are matched against exactly this text
 * @param runId         the run, or {@code null} outside a run (compliance gates then do not apply)
 */
public record PermissionRequest(Subject subject, Role role, String tool, String argumentsJson, String runId) {

    public PermissionRequest {
        Objects.requireNonNull(subject, "permission request: subject is missing");
        Objects.requireNonNull(role, "permission request: role is missing");
        if (tool == null || tool.isBlank()) {
            throw new IllegalArgumentException("permission request: tool must not be blank");
        }
        argumentsJson = argumentsJson == null || argumentsJson.isBlank() ? "{}" : argumentsJson;
    }

    public static PermissionRequest forAgent(String agent, Role role, String tool, String argumentsJson, String runId) {
        return new PermissionRequest(new Subject.Agent(agent), role, tool, argumentsJson, runId);
    }

    public static PermissionRequest forAgent(String agent, Role role, String tool, JsonNode arguments, String runId) {
        return forAgent(agent, role, tool, toJson(arguments), runId);
    }

    public static PermissionRequest forUser(String user, Role role, String endpointClass) {
        return new PermissionRequest(new Subject.ApiUser(user), role, endpointClass, "{}", null);
    }

    /** Compact JSON, the one form argument patterns are written against. */
    public static String toJson(JsonNode arguments) {
        if (arguments == null || arguments.isNull() || arguments.isMissingNode()) {
            return "{}";
        }
        try {
            return Json.MAPPER.writeValueAsString(arguments);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "tool arguments cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
