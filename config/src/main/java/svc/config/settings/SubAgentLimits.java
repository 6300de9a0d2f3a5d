package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Default sub-agent spawn limits. The spec does not show their fields; here they are G10's
 * delegation limits, checked by the validator: {@code max_depth} (default 5),
 * {@code max_delegations_per_run} (default 50) and {@code loop_scope} ({@code strict} or
 * {@code name_only}). {@code svc server} lays them over {@code svc.agents.max-delegation-depth},
 * {@code max-delegations-per-run} and {@code delegation-scope}. The object is kept as written;
 * copies keep the record immutable.
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
