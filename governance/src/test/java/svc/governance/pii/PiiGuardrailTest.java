package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.Verdict;

class PiiGuardrailTest {

    private final PiiGuardrail g4 = PiiGuardrail.defaults();
    private final GuardrailContext ctx = GuardrailContext.at(IntegrationPoint.POST_TOOL);

    @Test
    void runsAtTheSpecPointsWithPriority60() {
        assertThat(g4.points())
                .containsExactlyInAnyOrder(
                        IntegrationPoint.POST_LLM, IntegrationPoint.POST_TOOL, IntegrationPoint.STORAGE_WRITE);
        assertThat(g4.priority()).isEqualTo(60);
    }

    @Test
    void cleanTextIsAllowedWithAReason() {
        Verdict v = g4.evaluate(ctx, Payload.text("Invoice 2024-05-17, total INR 4,500.00, 3 items"));
        assertThat(v.outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(v.reason()).isEqualTo("no PII found");
    }

    @Test
    void theSafeHarborGuardrailRedactsDatesAndLabelledNumbersTheDefaultsKeep() {
        String note = "MRN: 00451287, admitted 2024-05-17, a 92-year-old from Boston, MA 02115.";
        assertThat(g4.evaluate(ctx, Payload.text(note)).outcome()).isEqualTo(Outcome.ALLOW);
        Verdict v = PiiGuardrail.safeHarbor(PiiAction.REDACT, false).evaluate(ctx, Payload.text(note));
        assertThat(((Payload.Text) v.redacted().orElseThrow()).text())
                .isEqualTo("MRN: <MEDICAL_RECORD_NUMBER>, admitted <DATE>, a <AGE_OVER_89>-year-old from Boston, MA"
                        + " <ZIP_CODE>.");
        assertThat(v.reason())
                .isEqualTo("redacted 4 PII entities: DATE x1 (redact), ZIP_CODE x1 (redact),"
                        + " MEDICAL_RECORD_NUMBER x1 (redact), AGE_OVER_89 x1 (redact)");
    }

    @Test
    void textWithPiiIsRedactedAndTheReasonCountsTypesWithoutValues() {
        Verdict v = g4.evaluate(ctx, Payload.text("SSN 078-05-1123 and 078-05-1124, mail a.b@example.org"));
        assertThat(v.outcome()).isEqualTo(Outcome.REDACT);
        assertThat(((Payload.Text) v.redacted().orElseThrow()).text())
                .isEqualTo("SSN <US_SSN> and <US_SSN>, mail <EMAIL>");
        assertThat(v.reason())
                .isEqualTo("redacted 3 PII entities: EMAIL x1 (redact), US_SSN x2 (redact)")
                .doesNotContain("078-05");
    }

    @Test
    void nestedJsonStringsAreRedactedAndTheInputIsNotMutated() throws Exception {
        JsonNode args =
                Json.MAPPER.readTree("{\"rows\":[{\"iban\":\"DE89370400440532013000\",\"n\":3}],\"note\":\"ok\"}");
        String before = args.toString();
        Verdict v = g4.evaluate(ctx, new Payload.Json(args));
        assertThat(((Payload.Json) v.redacted().orElseThrow()).node().toString())
                .isEqualTo("{\"rows\":[{\"iban\":\"<IBAN>\",\"n\":3}],\"note\":\"ok\"}");
        assertThat(args.toString()).isEqualTo(before);
    }

    @Test
    void messagesKeepTheirRoles() {
        Verdict v = g4.evaluate(
                ctx,
                new Payload.Messages(List.of(
                        new Payload.Message("assistant", "call +91 81234 56789"),
                        new Payload.Message("user", "thanks"))));
        assertThat(((Payload.Messages) v.redacted().orElseThrow()).messages())
                .containsExactly(
                        new Payload.Message("assistant", "call <IN_PHONE>"), new Payload.Message("user", "thanks"));
    }
}
