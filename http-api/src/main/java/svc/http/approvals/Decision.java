package svc.http.approvals;

import java.util.List;
import svc.http.server.Fields;

/** The body of {@code POST /api/v1/approvals/{gate_id}}: approve or reject, with a rationale. */
record Decision(String decision, String rationale) {

    Decision {
        Fields.oneOf("decision", decision, List.of("approve", "reject"));
        rationale = rationale == null ? "" : rationale;
    }

    boolean approve() {
        return decision.equals("approve");
    }
}
