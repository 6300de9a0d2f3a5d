package svc.governance.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.Verdict;

class EgressGuardrailTest {

    private final EgressGuardrail g1 = EgressGuardrail.fromAllowlist("api.openai.com,*.example.com");
    private final GuardrailContext ctx =
            new GuardrailContext(IntegrationPoint.PRE_TOOL, "run-1", "data_engineer", "http_get");

    private Verdict judge(String json) throws Exception {
        return g1.evaluate(ctx, new Payload.Json(Json.MAPPER.readTree(json)));
    }

    @Test
    void isAnInvariantPreToolGuardrail() {
        assertThat(g1.points()).containsExactly(IntegrationPoint.PRE_TOOL);
        assertThat(g1.invariant()).isTrue();
        assertThat(g1.id()).isEqualTo("G1");
    }

    @Test
    void findsUrlsDeepInsideNestedArguments() throws Exception {
        Verdict v = judge("{\"steps\":[{\"fetch\":{\"sources\":[\"see https://data.example.com/a.csv\","
                + "\"and http://0x7f000001/admin.\"]}}],\"n\":3}");
        assertThat(v.outcome()).isEqualTo(Outcome.DENY);
        assertThat(v.reason())
                .isEqualTo("1 of 2 URL(s) blocked: http://0x7f000001/admin -> host '0x7f000001' is "
                        + "127.0.0.1: loopback 127.0.0.0/8 (blocked whatever the allowlist says)");
        assertThat(v.bypassAttempt()).isTrue();
    }

    @Test
    void everyBlockedUrlIsNamed() throws Exception {
        Verdict v = judge("[\"gopher://example.com/\", \"https://evil.com/x\", \"https://api.openai.com/v1\"]");
        assertThat(v.reason())
                .startsWith("2 of 3 URL(s) blocked: gopher://example.com/ -> scheme 'gopher' is not allowed")
                .contains("https://evil.com/x -> host evil.com is not on the egress allowlist");
        assertThat(v.bypassAttempt()).isFalse();
    }

    @Test
    void schemeLessValuesOfUrlFieldsAreChecked() throws Exception {
        assertThat(judge("{\"base_url\":\"169.254.169.254/latest/meta-data\"}").outcome())
                .isEqualTo(Outcome.DENY);
        assertThat(judge("{\"host\":\"evil.com\"}").outcome()).isEqualTo(Outcome.DENY);
        assertThat(judge("{\"endpoint\":\"//127.1/\"}").outcome()).isEqualTo(Outcome.DENY);
        assertThat(judge("{\"host\":\"api.openai.com\"}").outcome()).isEqualTo(Outcome.ALLOW);
        // a number-looking string in an ordinary field is not a host
        assertThat(judge("{\"learning_rate\":\"10.5\",\"target\":\"credit_risk\"}")
                        .outcome())
                .isEqualTo(Outcome.ALLOW);
    }

    @Test
    void allowedAndUrlFreeArgumentsSayWhy() throws Exception {
        assertThat(judge("{\"url\":\"https://api.openai.com/v1\"}").reason())
                .isEqualTo("1 URL(s), all on the egress allowlist");
        assertThat(judge("{\"a\":1,\"b\":[true,null]}").reason()).isEqualTo("no URLs in the arguments");
    }

    @Test
    void anUnconfiguredAllowlistIsANoOp() throws Exception {
        EgressGuardrail unconfigured = EgressGuardrail.fromAllowlist("  ");
        Verdict v =
                unconfigured.evaluate(ctx, new Payload.Json(Json.MAPPER.readTree("{\"url\":\"http://127.0.0.1/\"}")));
        assertThat(v.outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(v.reason()).contains("not configured");
    }

    @Test
    void slashlessHttpUrlsAreNotOverlooked() throws Exception {
        Verdict v = judge("{\"cmd\":\"fetch http:2130706433/x\"}");
        assertThat(v.outcome()).isEqualTo(Outcome.DENY);
        assertThat(v.reason()).contains("http:2130706433/x -> no host after the scheme");
    }

    @Test
    void textAndMessagesAreScannedToo() {
        assertThat(g1.evaluate(ctx, Payload.text("curl http://[::ffff:127.0.0.1]/"))
                        .outcome())
                .isEqualTo(Outcome.DENY);
        assertThat(g1.evaluate(ctx, new Payload.Messages(List.of(new Payload.Message("user", "file:///etc/shadow"))))
                        .outcome())
                .isEqualTo(Outcome.DENY);
    }
}
