package svc.config.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class FeatureRegistryTest {

    private static FeatureRegistry registry(Map<String, String> env) {
        return FeatureRegistry.withBuiltIns(env);
    }

    @Test
    void defaultsMatchTheSpec() {
        FeatureRegistry features = registry(Map.of());

        assertThat(features.list())
                .extracting(FeatureState::name, FeatureState::value, FeatureState::tier, FeatureState::source)
                .containsExactly(
                        Tuple.tuple("audit_log_enabled", true, FeatureTier.INVARIANT, FeatureSource.DEFAULT),
                        Tuple.tuple("hooks_enabled", true, FeatureTier.FLAG, FeatureSource.DEFAULT),
                        Tuple.tuple("cron_scheduler", true, FeatureTier.FLAG, FeatureSource.DEFAULT),
                        Tuple.tuple("batch_runner", true, FeatureTier.FLAG, FeatureSource.DEFAULT),
                        Tuple.tuple("plugin_shell_hooks_enabled", false, FeatureTier.EXPERIMENT, FeatureSource.DEFAULT),
                        Tuple.tuple("plugin_commands_enabled", true, FeatureTier.FLAG, FeatureSource.DEFAULT),
                        Tuple.tuple("plugin_agents_enabled", true, FeatureTier.FLAG, FeatureSource.DEFAULT),
                        Tuple.tuple("code_execution_enabled", true, FeatureTier.FLAG, FeatureSource.DEFAULT));
    }

    @Test
    void theEnvironmentOverridesTheDefaultInEverySpelling() {
        FeatureRegistry features = registry(Map.of(
                "SVC_FEATURE_HOOKS_ENABLED", "off",
                "SVC_FEATURE_CRON_SCHEDULER", "0",
                "SVC_FEATURE_BATCH_RUNNER", " FALSE ",
                "SVC_FEATURE_PLUGIN_SHELL_HOOKS_ENABLED", "On"));

        assertThat(features.get("hooks_enabled"))
                .isEqualTo(new FeatureState("hooks_enabled", false, FeatureTier.FLAG, true, FeatureSource.ENVIRONMENT));
        assertThat(features.isEnabled("cron_scheduler")).isFalse();
        assertThat(features.isEnabled("batch_runner")).isFalse();
        assertThat(features.get("plugin_shell_hooks_enabled").value()).isTrue();
        assertThat(features.get("plugin_agents_enabled").source()).isEqualTo(FeatureSource.DEFAULT);
    }

    @Test
    void anOldNameSetsTheFlagButTheCurrentNameWins() {
        FeatureRegistry features = registry(Map.of(
                "SVC_FEATURE_HOOKS", "false",
                "SVC_FEATURE_PLUGIN_AGENTS", "false",
                "SVC_FEATURE_PLUGIN_AGENTS_ENABLED", "true"));

        assertThat(features.get("hooks_enabled").source()).isEqualTo(FeatureSource.ALIAS);
        assertThat(features.get("hooks_enabled").value()).isFalse();
        assertThat(features.get("plugin_agents_enabled").source()).isEqualTo(FeatureSource.ENVIRONMENT);
        assertThat(features.get("plugin_agents_enabled").value()).isTrue();
        // the API accepts the old name too and answers with the current one
        assertThat(features.get("hooks").name()).isEqualTo("hooks_enabled");
    }

    @Test
    void aRuntimeOverrideBeatsTheEnvironmentUntilReset() {
        FeatureRegistry features = registry(Map.of("SVC_FEATURE_HOOKS_ENABLED", "false"));

        FeatureState set = features.set("hooks_enabled", true);

        assertThat(set)
                .isEqualTo(new FeatureState("hooks_enabled", true, FeatureTier.FLAG, true, FeatureSource.RUNTIME));
        assertThat(features.reset("hooks_enabled"))
                .isEqualTo(new FeatureState("hooks_enabled", false, FeatureTier.FLAG, true, FeatureSource.ENVIRONMENT));
    }

    @Test
    void anExperimentCanBeSwitchedOnAtRuntime() {
        FeatureRegistry features = registry(Map.of());

        assertThat(features.set("plugin_shell_hooks", true).value()).isTrue();
        assertThat(features.get("plugin_shell_hooks_enabled").source()).isEqualTo(FeatureSource.RUNTIME);
    }

    @Test
    void anInvariantCannotBeChangedAtRuntime() {
        FeatureRegistry features = registry(Map.of());

        assertThatThrownBy(() -> features.set("audit_log_enabled", false))
                .isInstanceOf(FeatureChangeRejectedException.class)
                .hasMessageContaining("`audit_log_enabled` is an INVARIANT")
                .hasMessageContaining("cannot be changed");
        assertThat(features.isEnabled("audit_log_enabled")).isTrue();
    }

    @Test
    void anInvariantCannotBeChangedThroughTheEnvironmentEither() {
        assertThatThrownBy(() -> registry(Map.of("SVC_FEATURE_AUDIT_LOG", "off")))
                .isInstanceOf(FeatureEnvironmentException.class)
                .hasMessageContaining("SVC_FEATURE_AUDIT_LOG=off tries to change `audit_log_enabled`");
        // restating the invariant's own value is harmless
        assertThat(registry(Map.of("SVC_FEATURE_AUDIT_LOG_ENABLED", "true")).isEnabled("audit_log_enabled"))
                .isTrue();
    }

    @Test
    void badEnvironmentValuesAreAllNamedAtOnce() {
        assertThatThrownBy(() -> registry(Map.of(
                        "SVC_FEATURE_HOOKS_ENABLED", "maybe",
                        "SVC_FEATURE_HOKS_ENABLED", "true",
                        "SVC_OTHER", "whatever")))
                .isInstanceOfSatisfying(
                        FeatureEnvironmentException.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "SVC_FEATURE_HOKS_ENABLED names no feature (features: audit_log_enabled, "
                                                + "hooks_enabled, cron_scheduler, batch_runner, "
                                                + "plugin_shell_hooks_enabled, "
                                                + "plugin_commands_enabled, plugin_agents_enabled, "
                                                + "code_execution_enabled)",
                                        "SVC_FEATURE_HOOKS_ENABLED=maybe is not a feature value: use true, false, 1,"
                                                + " 0, "
                                                + "on or off"));
    }

    @Test
    void aUserOverrideAppliesToThatUserOnlyAndBeatsTheRuntimeOverride() {
        FeatureRegistry features = registry(Map.of());
        features.set("cron_scheduler", false);

        FeatureState alice = features.setForUser("cron_scheduler", "alice", true);

        assertThat(alice)
                .isEqualTo(
                        new FeatureState("cron_scheduler", true, FeatureTier.USER_OVERRIDE, true, FeatureSource.USER));
        assertThat(features.get("cron_scheduler", "bob").source()).isEqualTo(FeatureSource.RUNTIME);
        assertThat(features.get("cron_scheduler", "bob").value()).isFalse();
        assertThat(features.get("cron_scheduler").value()).isFalse();
        assertThat(features.list("alice"))
                .filteredOn(s -> s.name().equals("cron_scheduler"))
                .extracting(FeatureState::value)
                .containsExactly(true);
        assertThat(features.resetForUser("cron_scheduler", "alice").source()).isEqualTo(FeatureSource.RUNTIME);
    }

    @Test
    void onlyFlagTierFeaturesTakeUserOverrides() {
        FeatureRegistry features = registry(Map.of());

        assertThatThrownBy(() -> features.setForUser("plugin_shell_hooks_enabled", "alice", true))
                .isInstanceOf(FeatureChangeRejectedException.class)
                .hasMessageContaining("only FLAG-tier features can be overridden per user");
        assertThatThrownBy(() -> features.setForUser("audit_log_enabled", "alice", false))
                .isInstanceOf(FeatureChangeRejectedException.class);
    }

    @Test
    void unknownNamesAreReported() {
        FeatureRegistry features = registry(Map.of());

        assertThatThrownBy(() -> features.get("warp_drive"))
                .isInstanceOf(UnknownFeatureException.class)
                .hasMessageStartingWith("no feature is named `warp_drive`");
        assertThatThrownBy(() -> features.set("warp_drive", true)).isInstanceOf(UnknownFeatureException.class);
    }

    @Test
    void aUserOverrideTierIsNotAFlagTier() {
        assertThatThrownBy(() -> new FeatureFlag("x", FeatureTier.USER_OVERRIDE, true, "x", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentWritersAndReadersSeeOnlyValuesThatWereSet() throws Exception {
        FeatureRegistry features = registry(Map.of());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> tasks = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                tasks.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 2_000; i++) {
                        features.setForUser("batch_runner", "user-" + id, i % 2 == 0);
                        FeatureState mine = features.get("batch_runner", "user-" + id);
                        if (mine.value() != (i % 2 == 0)) {
                            throw new AssertionError("user-" + id + " lost its own write at " + i);
                        }
                        features.set("hooks_enabled", i % 2 == 0);
                        features.list();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> task : tasks) {
                task.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(features.get("batch_runner", "user-3").value()).isFalse();
        assertThat(features.get("hooks_enabled").source()).isEqualTo(FeatureSource.RUNTIME);
    }
}
