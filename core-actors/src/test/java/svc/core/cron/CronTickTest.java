package svc.core.cron;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.SimpleTool;
import svc.core.tools.ToolResult;

/**
 * A {@code * * * * *} job fires once per minute slot across a restart, never twice for a slot,
 * whoever ticks; slots that pass while no scheduler runs are recorded as skipped, only the latest
 * fires. The test moves the clock; the platform's own scheduler is off.
 */
class CronTickTest {

    /** No scheduler, and no built-in retention job among the jobs these tests tick. */
    private static final Map<String, Object> NO_SCHEDULER =
            Map.of("svc.cron.scheduler", "off", "svc.retention.enabled", "off");

    @TempDir
    Path home;

    private PlatformFixture fx;
    private final List<String> fired = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void everyMinuteFiresOncePerSlotAcrossARestartAndRecordsMissedSlots() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.extraTools.add(new SimpleTool("note_tick", "notes a tick", "{\"type\":\"object\"}", (ctx, args) -> {
            fired.add(args.path("label").asText());
            return ToolResult.ok(Json.object().put("noted", true));
        }));
        fx.start(NO_SCHEDULER);
        String agent = fx.platform.agents().director().name();
        CronService first = service(Instant.parse("2026-01-01T10:00:30Z"));
        first.create(
                        "every-minute",
                        "* * * * *",
                        null,
                        "custom",
                        Json.parse(
                                "{\"tool\":\"note_tick\",\"agent\":\"" + agent + "\",\"arguments\":{\"label\":\"m\"}}"),
                        "tester")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);

        assertThat(tick(first, "2026-01-01T10:00:59Z")).isEmpty();
        assertThat(tick(first, "2026-01-01T10:01:00Z"))
                .extracting(CronRun::slot)
                .containsExactly(Instant.parse("2026-01-01T10:01:00Z"));
        assertThat(tick(first, "2026-01-01T10:01:40Z"))
                .as("the same slot again")
                .isEmpty();
        assertThat(tick(service(Instant.EPOCH), "2026-01-01T10:01:50Z"))
                .as("another ticker")
                .isEmpty();

        fx.stop();
        fx.start(NO_SCHEDULER);
        CronService afterRestart = service(Instant.EPOCH);
        assertThat(tick(afterRestart, "2026-01-01T10:01:59Z"))
                .as("the slot fired before the restart")
                .isEmpty();
        assertThat(tick(afterRestart, "2026-01-01T10:02:03Z"))
                .extracting(CronRun::slot)
                .containsExactly(Instant.parse("2026-01-01T10:02:00Z"));

        // Two tickers at once (a failover): the compare-and-set lets one of them fire the slot.
        CronService other = service(Instant.EPOCH);
        var a = afterRestart.tick(Instant.parse("2026-01-01T10:03:01Z")).toCompletableFuture();
        var b = other.tick(Instant.parse("2026-01-01T10:03:02Z")).toCompletableFuture();
        CompletableFuture.allOf(a, b).get(30, TimeUnit.SECONDS);
        assertThat(a.get().size() + b.get().size()).isEqualTo(1);

        // Down from 10:03 to 10:07:10: only 10:07 fires; 10:04, 10:05 and 10:06 are recorded as skipped.
        List<CronRun> late = tick(afterRestart, "2026-01-01T10:07:10Z");
        assertThat(late).extracting(CronRun::slot).containsExactly(Instant.parse("2026-01-01T10:07:00Z"));
        assertThat(late.get(0).output()).startsWith("3 earlier slot(s)");

        assertThat(fired).hasSize(4);
        List<CronRun> history = afterRestart
                .runs("every-minute", 100, 0)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .items();
        assertThat(history.stream().filter(r -> r.status().equals("succeeded")))
                .extracting(CronRun::slot)
                .containsExactlyInAnyOrder(
                        Instant.parse("2026-01-01T10:01:00Z"),
                        Instant.parse("2026-01-01T10:02:00Z"),
                        Instant.parse("2026-01-01T10:03:00Z"),
                        Instant.parse("2026-01-01T10:07:00Z"));
        assertThat(history.stream().filter(r -> r.status().equals("skipped")))
                .extracting(CronRun::slot)
                .containsExactlyInAnyOrder(
                        Instant.parse("2026-01-01T10:04:00Z"),
                        Instant.parse("2026-01-01T10:05:00Z"),
                        Instant.parse("2026-01-01T10:06:00Z"));

        CronRun manual =
                afterRestart.runNow("every-minute").toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(manual.trigger()).isEqualTo("manual");
        assertThat(manual.slot()).isNull();
        assertThat(fired).hasSize(5);
    }

    @Test
    void badJobsAreRefused() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(NO_SCHEDULER);
        CronService cron = service(Instant.parse("2026-01-01T10:00:00Z"));
        assertThat(cron.create("x", "61 * * * *", null, "custom", null, "t").toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Invalid.class);
        assertThat(cron.create("x", "* * * * *", "Mars/Base", "custom", null, "t")
                        .toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Invalid.class);
        cron.create("x", "0 3 * * *", "Europe/Paris", "audit_pdf", Json.object(), "t")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(cron.create("x", "0 3 * * *", null, "audit_pdf", null, "t").toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Conflict.class);
    }

    /** A service over the platform's database whose clock stands at {@code now} (creation time). */
    private CronService service(Instant now) {
        var system = fx.platform.system();
        Executor jdbc = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.jdbc-dispatcher"));
        Executor ml = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.ml-dispatcher"));
        return new CronService(
                new CronRepository(fx.platform.database().dataSource()),
                new CronTasks(fx.platform.runs(), fx.platform.toolInvoker(), fx.platform.files()),
                jdbc,
                ml,
                Clock.fixed(now, ZoneOffset.UTC));
    }

    private static List<CronRun> tick(CronService cron, String at) throws Exception {
        return cron.tick(Instant.parse(at)).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
