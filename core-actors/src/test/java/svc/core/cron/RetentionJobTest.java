package svc.core.cron;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.retention.RetentionSweep;
import svc.core.run.RunErrors;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * The daily retention sweep is the built-in cron job {@code svc.retention} ({@code 0 3 * * *}
 * UTC): each day's slot fires once whoever ticks (two schedulers during a failover included), a
 * restart neither repeats nor loses a day, a day whose sweep never ended runs again (once its
 * claim is an hour old: before, it may still be running on another node), and neither
 * the {@code cron_scheduler} flag nor the API can stop it. The test moves the time it ticks at.
 */
class RetentionJobTest {

    private static final Map<String, Object> NO_SCHEDULER = Map.of("svc.cron.scheduler", "off");

    @TempDir
    Path home;

    private PlatformFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void theSweepRunsOnceADayAcrossRestartsAndFailovers() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(NO_SCHEDULER);
        CronJob job = cron().get(RetentionSweep.JOB).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(job.kind()).isEqualTo("retention");
        assertThat(job.schedule()).isEqualTo("0 3 * * *");
        Instant day1 = nextThreeOClock(job.createdAt());

        assertThat(tick(day1.minusSeconds(60))).isEmpty();
        assertThat(tick(day1.plusSeconds(30))).singleElement().satisfies(r -> {
            assertThat(r.slot()).isEqualTo(day1);
            assertThat(r.status()).isEqualTo("succeeded");
            assertThat(Json.parse(r.output()).path("pruned").size()).isZero();
        });
        assertThat(tick(day1.plusSeconds(90))).as("the same day again").isEmpty();

        fx.stop();
        fx.start(NO_SCHEDULER);
        assertThat(tick(day1.plusSeconds(150)))
                .as("the same day after a restart")
                .isEmpty();

        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "succeeded");
        Instant ended = fx.view(run.runId()).updatedAt();
        fx.eventually(Duration.ofSeconds(30), () -> {
            assertThat(fx.runDir(run.runId()).resolve("conversations").resolve("index.json"))
                    .exists();
            assertThat(fx.platform
                            .runs()
                            .list("succeeded", 10, 0)
                            .toCompletableFuture()
                            .join()
                            .items())
                    .isNotEmpty();
        });
        // Lines still on their way would write the folder again after the sweep deleted it.
        fx.awaitConversationsWritten(Duration.ofSeconds(60));

        // No scheduler until the first day the run's conversations are due (90 days): that day's
        // sweep runs (it deletes everything due, the missed days' share included); the days
        // between are recorded as skipped.
        Instant due = nextThreeOClock(ended.plus(Duration.ofDays(90)));
        long skipped = Duration.between(day1, due).toDays() - 1;
        assertThat(tick(due.plusSeconds(30))).singleElement().satisfies(r -> {
            assertThat(r.slot()).isEqualTo(due);
            assertThat(r.status()).isEqualTo("succeeded");
            assertThat(r.output()).startsWith(skipped + " earlier slot(s)");
            assertThat(r.output()).contains("\"conversations\":");
        });
        assertThat(fx.runDir(run.runId()).resolve("conversations")).doesNotExist();

        // A node claimed the next day and stopped before its sweep ended. While the claim is young
        // the sweep may still be going on there; once it is an hour old, a tick runs it again.
        Instant day92 = due.plus(Duration.ofDays(1));
        Instant claimed = day92.plusSeconds(20);
        assertThat(repository().claim(RetentionSweep.JOB, due, day92, claimed)).isTrue();
        assertThat(tick(claimed.plus(Duration.ofMinutes(59)))).isEmpty();
        Instant rerun = claimed.plus(Duration.ofMinutes(61));
        assertThat(tick(rerun)).singleElement().satisfies(r -> {
            assertThat(r.slot()).isEqualTo(day92);
            assertThat(r.output()).startsWith("the run of this slot never ended");
        });
        assertThat(tick(rerun.plus(Duration.ofHours(2)))).isEmpty();

        // The cron_scheduler flag stops users' jobs, not the platform's.
        cron().gate(() -> false);
        Instant day93 = day92.plus(Duration.ofDays(1));
        assertThat(tick(day93.plusSeconds(5))).extracting(CronRun::slot).containsExactly(day93);

        // Two schedulers at once (a failover): one of them sweeps the day after.
        CronService other = otherNode();
        Instant day94 = day93.plus(Duration.ofDays(1));
        var a = cron().tick(day94.plusSeconds(1)).toCompletableFuture();
        var b = other.tick(day94.plusSeconds(2)).toCompletableFuture();
        CompletableFuture.allOf(a, b).get(60, TimeUnit.SECONDS);
        assertThat(a.get().size() + b.get().size()).isEqualTo(1);

        List<CronRun> history = cron().runs(RetentionSweep.JOB, 200, 0)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .items();
        assertThat(history.stream().filter(r -> r.status().equals("succeeded")))
                .extracting(CronRun::slot)
                .containsExactlyInAnyOrder(day1, due, day92, day93, day94);
        assertThat(history.stream().filter(r -> r.status().equals("skipped"))).hasSize((int) skipped);
    }

    @Test
    void theApiCannotDeleteTheBuiltInJobNorTakeItsNames() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(NO_SCHEDULER);
        assertThat(cron().delete(RetentionSweep.JOB).toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Conflict.class);
        assertThat(cron().create("svc.mine", "0 3 * * *", null, "custom", null, "t")
                        .toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Invalid.class);
        assertThat(cron().create("mine", "0 3 * * *", null, "retention", null, "t")
                        .toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Invalid.class);

        // Turned off: the job's row goes (its history would stay), nothing sweeps by itself.
        fx.stop();
        fx.start(Map.of("svc.cron.scheduler", "off", "svc.retention.enabled", "off"));
        assertThat(cron().list().toCompletableFuture().get(10, TimeUnit.SECONDS))
                .extracting(CronJob::name)
                .doesNotContain(RetentionSweep.JOB);
    }

    private CronService cron() {
        return fx.platform.cron();
    }

    private List<CronRun> tick(Instant at) throws Exception {
        return cron().tick(at).toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    private CronRepository repository() {
        return new CronRepository(fx.platform.database().dataSource());
    }

    /** A second node's cron over the same database, with the same built-in job. */
    private CronService otherNode() {
        var system = fx.platform.system();
        Executor jdbc = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.jdbc-dispatcher"));
        Executor ml = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.ml-dispatcher"));
        CronService other = new CronService(
                repository(),
                new CronTasks(fx.platform.runs(), fx.platform.toolInvoker(), fx.platform.files()),
                jdbc,
                ml,
                Clock.systemUTC());
        other.register(new BuiltInJob(
                RetentionSweep.JOB,
                RetentionSweep.KIND,
                "0 3 * * *",
                "UTC",
                now -> fx.platform.retention().daily(now)));
        return other;
    }

    private static Instant nextThreeOClock(Instant after) {
        ZonedDateTime t = after.atZone(ZoneOffset.UTC).with(LocalTime.of(3, 0));
        return (t.toInstant().isAfter(after) ? t : t.plusDays(1)).toInstant();
    }
}
