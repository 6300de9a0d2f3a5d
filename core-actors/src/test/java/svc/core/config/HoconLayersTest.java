package svc.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.config.effective.Origin;
import svc.config.effective.Setting;

class HoconLayersTest {

    @Test
    void aVariableSetsItsKeyWithItsNameAsOriginAndEveryOtherKeyIsADefault() {
        HoconLayers.Split split = HoconLayers.load(Map.of(
                "SVC_MAX_CONCURRENT_PIPELINES", "7",
                "SVC_EGRESS_ALLOWLIST", "pypi.org",
                "SVC_CLUSTER_PORT", "25520",
                "SVC_JWT_SECRET", "s3cret"));

        assertThat(split.config().getInt("svc.max-concurrent-pipelines")).isEqualTo(7);
        assertThat(split.env().values())
                .containsEntry(
                        "svc.max-concurrent-pipelines", Setting.of("7", Origin.env("SVC_MAX_CONCURRENT_PIPELINES")))
                .containsEntry(
                        "svc.governance.egress-allowlist", Setting.of("pypi.org", Origin.env("SVC_EGRESS_ALLOWLIST")))
                .containsEntry(
                        "pekko.remote.artery.canonical.port", Setting.of("25520", Origin.env("SVC_CLUSTER_PORT")))
                .containsEntry("svc.auth.jwt-secret", Setting.of("s3cret", Origin.env("SVC_JWT_SECRET")));
        assertThat(split.defaults().values())
                .containsEntry("svc.llm.provider", Setting.of("scripted", Origin.DEFAULT))
                .containsEntry("svc.agents.max-steps-per-task", Setting.of(40, Origin.DEFAULT))
                .doesNotContainKey("svc.max-concurrent-pipelines")
                .doesNotContainKey("svc.ml-dispatcher.type");
    }

    @Test
    void theProcessEnvironmentIsNotConsultedOnlyTheGivenMap() {
        HoconLayers.Split split = HoconLayers.load(Map.of());
        assertThat(split.env().values()).isEmpty();
        assertThat(split.config().getString("svc.llm.provider")).isEqualTo("scripted");
    }
}
