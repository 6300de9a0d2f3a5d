package svc.http.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.features.FeatureChangeRejectedException;
import svc.config.features.FeatureRegistry;
import svc.config.features.FeatureSource;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.features.FeatureOverrideRepository;

/**
 * Flag overrides through the database: a change made on one node is in force on another after
 * its next read, and on a node started afterwards (a restart) from the start.
 */
class SharedFeaturesTest {

    @TempDir
    Path home;

    private Database database;
    private final Executor direct = Runnable::run;

    @BeforeEach
    void open() {
        database = Database.open(DatabaseSettings.fromConfig(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString())).withFallback(ConfigFactory.load())));
    }

    @AfterEach
    void close() {
        database.close();
    }

    private SharedFeatures node() {
        return new SharedFeatures(
                FeatureRegistry.withBuiltIns(Map.of()),
                new FeatureOverrideRepository(database.dataSource()),
                direct,
                Clock.systemUTC());
    }

    @Test
    void aChangeOnOneNodeReachesTheOthersAndSurvivesARestart() throws Exception {
        SharedFeatures one = node();
        SharedFeatures two = node();
        String flag = "cron_scheduler";
        boolean initial = two.registry().isEnabled(flag);

        one.set(flag, !initial).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(one.registry().isEnabled(flag)).isEqualTo(!initial);
        assertThat(two.registry().isEnabled(flag)).as("before its next read").isEqualTo(initial);
        two.refresh();
        assertThat(two.registry().get(flag).value()).isEqualTo(!initial);
        assertThat(two.registry().get(flag).source()).isEqualTo(FeatureSource.RUNTIME);

        SharedFeatures restarted = node();
        restarted.refresh();
        assertThat(restarted.registry().isEnabled(flag)).isEqualTo(!initial);

        two.reset(flag).toCompletableFuture().get(10, TimeUnit.SECONDS);
        one.refresh();
        assertThat(one.registry().isEnabled(flag)).isEqualTo(initial);
        assertThat(one.registry().get(flag).source()).isNotEqualTo(FeatureSource.RUNTIME);
    }

    @Test
    void anInvariantIsRefusedBeforeItReachesTheTable() throws Exception {
        SharedFeatures one = node();
        assertThatThrownBy(() -> one.set("audit_log_enabled", false))
                .isInstanceOf(FeatureChangeRejectedException.class);
        assertThat(new FeatureOverrideRepository(database.dataSource()).all()).isEmpty();
    }
}
