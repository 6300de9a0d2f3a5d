package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Hook event handlers. The spec does not show their fields, so the object is kept exactly as
 * written for the hook runner to interpret; copies keep the record immutable.
 */
public record HooksConfig(ObjectNode json) {
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public HooksConfig {
        json = json.deepCopy();
    }

    @JsonValue
    @Override
    public ObjectNode json() {
        return json.deepCopy();
    }
}
