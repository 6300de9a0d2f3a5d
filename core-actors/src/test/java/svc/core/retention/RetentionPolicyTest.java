package svc.core.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import svc.library.template.Retention;

/** Which days apply to a run: its profile template's, the deployment's in place of its own template's. */
class RetentionPolicyTest {

    @Test
    void aRunGetsItsProfileTemplatesDaysAndAnUnknownProfileTheDefault() {
        RetentionPolicy policy = RetentionPolicy.of("generic_ml", null, null);
        assertThat(policy.days("bfsi_baseline", RetentionClass.RUN_EVENTS)).isEqualTo(2555);
        assertThat(policy.days("hipaa_baseline", RetentionClass.AUDIT_PDFS)).isEqualTo(2190);
        assertThat(policy.days("default", RetentionClass.CONVERSATIONS)).isEqualTo(90);
        assertThat(policy.days(null, RetentionClass.SHADOW_PREDICTIONS)).isEqualTo(30);
        assertThat(policy.shortestDays()).isEqualTo(30);
    }

    @Test
    void theDeploymentOverridesItsOwnTemplateOnly() {
        RetentionPolicy policy = RetentionPolicy.of("generic_ml", "generic_ml", new Retention(7, 365, 365, 30));
        assertThat(policy.days("default", RetentionClass.CONVERSATIONS)).isEqualTo(7);
        assertThat(policy.days("generic_ml", RetentionClass.CONVERSATIONS)).isEqualTo(7);
        // A BFSI run on a generic deployment keeps the BFSI periods, never the shorter generic ones.
        assertThat(policy.days("bfsi_baseline", RetentionClass.CONVERSATIONS)).isEqualTo(2555);
        assertThat(policy.shortestDays()).isEqualTo(7);
    }

    @Test
    void theDefaultProfileMustBeATemplate() {
        assertThatThrownBy(() -> RetentionPolicy.of("nope", null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope");
    }
}
