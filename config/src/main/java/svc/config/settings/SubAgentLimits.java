package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Default sub-agent spawn limits. The spec does not show their fields, so the object is kept
 * exactly as written for the runtime to interpret; copies keep the record immutable.
 */
public record SubAgentLimits(ObjectNode json) {
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public SubAgentLimits {
        json = json.deepCopy();
    }

    @JsonValue
    @Override
    public ObjectNode json() {
        return json.deepCopy();
    }
}
