package svc.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.governance.signing.Ed25519Signer;

/** The seed list and what a node must share before it may join others. */
class ClusterSettingsTest {

    @TempDir
    Path keys;

    private static Config config(Map<String, Object> settings) {
        return ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
    }

    @Test
    void noSeedsIsAClusterOfOneThatNeedsNothingShared() {
        ClusterSettings s = ClusterSettings.fromConfig(config(Map.of()));
        assertThat(s.enabled()).isFalse();
        assertThat(s.pekkoOverrides().isEmpty()).isTrue();
        assertThat(s.missingForCluster(config(Map.of()), Map.of())).isEmpty();
    }

    @Test
    void seedsBecomePekkoSeedNodesOfTheSvcSystem() {
        Config c = config(Map.of(
                "svc.cluster.seeds",
                " 10.0.0.5:25520, svc-1.svc-cluster:25520 ,",
                "pekko.remote.artery.canonical.port",
                25520));
        ClusterSettings s = ClusterSettings.fromConfig(c);
        assertThat(s.enabled()).isTrue();
        assertThat(s.port()).isEqualTo(25520);
        assertThat(s.pekkoOverrides().getStringList("pekko.cluster.seed-nodes"))
                .containsExactly("pekko://svc@10.0.0.5:25520", "pekko://svc@svc-1.svc-cluster:25520");
        assertThat(s.pekkoOverrides().getStringList("pekko.remote.artery.large-message-destinations"))
                .containsExactly("/system/svc-live-events");
        assertThat(s.pekkoOverrides().getDuration("pekko.cluster.seed-node-timeout"))
                .isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void aSeedWithoutAPortIsRefusedWithTheFormat() {
        assertThatThrownBy(() -> ClusterSettings.fromConfig(config(Map.of("svc.cluster.seeds", "10.0.0.5"))))
                .hasMessageContaining("SVC_CLUSTER_SEEDS")
                .hasMessageContaining("host:port");
    }

    @Test
    void withSeedsEachMissingSharedThingIsOneLineAndNoneWhenAllAreGiven() {
        Config h2 = config(Map.of("svc.cluster.seeds", "127.0.0.1:25520"));
        ClusterSettings s = ClusterSettings.fromConfig(h2);
        List<String> missing = s.missingForCluster(h2, Map.of());
        assertThat(missing).hasSize(4);
        assertThat(missing.get(0)).startsWith("SVC_DB_URL");
        assertThat(missing.get(1)).startsWith("SVC_ARTIFACT_STORE");
        assertThat(missing.get(2)).startsWith("SVC_JWT_SECRET");
        assertThat(missing.get(3)).startsWith("SVC_SIGNING_KEY_DIR");

        Map<String, String> env = new HashMap<>();
        env.put("SVC_ARTIFACT_STORE", "s3://bucket/runs");
        env.put("SVC_JWT_SECRET", "x".repeat(48));
        env.put("SVC_SIGNING_KEY_DIR", keys.toString());
        Config pg =
                config(Map.of("svc.cluster.seeds", "127.0.0.1:25520", "svc.db.url", "jdbc:postgresql://db:5432/svc"));
        assertThat(s.missingForCluster(pg, env))
                .singleElement()
                .satisfies(m -> assertThat(m).contains("holds no signing-ed25519.key"));
        Ed25519Signer.generate(keys, Clock.systemUTC());
        assertThat(s.missingForCluster(pg, env)).isEmpty();
        // Another signing driver needs no shared key pair; a store written in config counts as chosen.
        env.remove("SVC_SIGNING_KEY_DIR");
        env.put("SVC_SIGNING_DRIVER", "stub");
        env.remove("SVC_ARTIFACT_STORE");
        Config store = config(Map.of(
                "svc.cluster.seeds", "127.0.0.1:25520",
                "svc.db.url", "jdbc:postgresql://db:5432/svc",
                "svc.artifact-store", "/mnt/shared/runs"));
        assertThat(s.missingForCluster(store, env)).isEmpty();
    }
}
