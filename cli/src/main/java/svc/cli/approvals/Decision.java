package svc.cli.approvals;

import com.fasterxml.jackson.databind.JsonNode;
import svc.cli.client.ApiClient;
import svc.config.Json;

/** Sends a decision on a gate; the answer is the run record after it. */
final class Decision {

    private Decision() {}

    static JsonNode send(ApiClient api, String gateId, boolean approve, String rationale) {
        return api.post(
                "/api/v1/approvals/" + ApiClient.segment(gateId),
                Json.object()
                        .put("decision", approve ? "approve" : "reject")
                        .put("rationale", rationale == null ? "" : rationale));
    }
}
