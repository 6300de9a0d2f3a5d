package svc.core.notify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import svc.config.Json;

/**
 * What a notice says on each channel: the webhook's JSON body and the e-mail's subject and plain
 * text, with the paths of the API (prefixed by {@code svc.notifications.link-base}) and the CLI
 * commands a person uses to act on it.
 */
final class NoticeText {

    private final String linkBase;

    NoticeText(String linkBase) {
        this.linkBase = linkBase;
    }

    /**
     * The webhook body. {@code sent_at} is inside the signed bytes, so a receiver that checks the
     * signature and the age of {@code sent_at} (or of the {@code X-Svc-Timestamp} header, which
     * repeats it) cannot be fed an old delivery again.
     */
    String webhookBody(String deliveryId, int attempt, Notice notice, Instant sentAt) {
        ObjectNode body = Json.object().put("delivery_id", deliveryId).put("attempt", attempt);
        body.put("sent_at", sentAt.toString());
        body.setAll((ObjectNode) Json.MAPPER.valueToTree(notice));
        ObjectNode links = body.putObject("links");
        links.put("run", linkBase + runPath(notice));
        if (notice.isGate()) {
            links.put("approval", linkBase + approvalPath(notice));
            links.put("gates", linkBase + "/api/v1/approvals?run_id=" + notice.runId());
        } else {
            links.put("resume", linkBase + runPath(notice) + "/resume");
        }
        return Json.write(body);
    }

    String subject(Notice n) {
        return switch (n.event()) {
            case Notice.GATE_CREATED -> "[svc] Approval needed: " + n.gateType() + " gate of run " + n.runId();
            case Notice.GATE_ESCALATED ->
                "[svc] Escalated: " + n.gateType() + " gate of run " + n.runId() + " is still waiting";
            case Notice.GATE_EXPIRED ->
                "[svc] Expired: " + n.gateType() + " gate of run " + n.runId() + "; the run failed";
            case Notice.BUDGET_PAUSED -> "[svc] Run " + n.runId() + " paused: budget reached";
            default -> "[svc] " + n.event() + " for run " + n.runId();
        };
    }

    String emailBody(String deliveryId, Notice n) {
        StringBuilder t = new StringBuilder();
        if (n.isGate()) {
            gateText(t, n);
        } else {
            t.append("Run ")
                    .append(n.runId())
                    .append(" paused at ")
                    .append(n.occurredAt())
                    .append(".\n");
            t.append("Why: ").append(n.reason()).append("\n\n");
            t.append("To let it go on (one more budget's worth of spend):\n");
            t.append("  svc pipelines resume ").append(n.runId()).append('\n');
            t.append("  or POST ").append(linkBase).append(runPath(n)).append("/resume\n");
            t.append("To stop it:\n  svc pipelines cancel ").append(n.runId()).append('\n');
        }
        t.append("\nThe run: ").append(linkBase).append(runPath(n)).append('\n');
        t.append("\n-- \nsvc notification ")
                .append(deliveryId)
                .append(" (")
                .append(n.event())
                .append(")\n");
        return t.toString();
    }

    private void gateText(StringBuilder t, Notice n) {
        String what = n.tool() != null
                ? "Agent " + n.agent() + " asks to run the tool " + n.tool() + " (a " + n.gateType() + " gate)"
                : "The run reached the " + n.gateType() + " gate at node " + n.node();
        switch (n.event()) {
            case Notice.GATE_CREATED -> t.append(what).append(" and waits for a person.\n");
            case Notice.GATE_ESCALATED ->
                t.append("ESCALATED: ")
                        .append(what)
                        .append(" and has waited since ")
                        .append(n.createdAt())
                        .append(" without a decision.\n");
            case Notice.GATE_EXPIRED ->
                t.append("EXPIRED: ")
                        .append(what)
                        .append("; nobody decided before ")
                        .append(n.expiresAt() == null ? n.occurredAt() : n.expiresAt())
                        .append(", so the run failed. Nothing is left to approve.\n");
            default -> t.append(what).append(".\n");
        }
        t.append("\nRun:     ").append(n.runId()).append('\n');
        t.append("Gate:    ")
                .append(n.gateId())
                .append(" (")
                .append(n.gateType())
                .append(")\n");
        t.append("Opened:  ").append(n.createdAt()).append('\n');
        if (n.expiresAt() != null) {
            t.append("Expires: ").append(n.expiresAt()).append(" unless decided\n");
        }
        if (!Notice.GATE_EXPIRED.equals(n.event())) {
            t.append("\nTo approve:\n");
            t.append("  svc approvals approve ").append(n.gateId()).append(" --rationale \"...\"\n");
            t.append("  or POST ")
                    .append(linkBase)
                    .append(approvalPath(n))
                    .append(" {\"decision\": \"approve\", \"rationale\": \"...\"}\n");
            t.append("To reject:\n");
            t.append("  svc approvals reject ").append(n.gateId()).append(" --rationale \"...\"\n");
            t.append("  (the run then fails with your rationale)\n");
        }
    }

    private static String runPath(Notice n) {
        return "/api/v1/pipelines/" + n.runId();
    }

    private static String approvalPath(Notice n) {
        return "/api/v1/approvals/" + n.gateId();
    }
}
