package svc.http.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import svc.core.admission.Admission;
import svc.core.agent.RosterProfiles;
import svc.core.task.RunPort;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.ToolApprovalRequest;
import svc.library.roster.Roster;

/**
 * {@code svc_pipeline_concurrent_runs} comes from the admission queue, so every node reports the
 * same cluster-wide number (here two nodes' metrics following one admission actor).
 */
class ConcurrentRunsGaugeTest {

    private static final ActorTestKit KIT = ActorTestKit.create("gauge");

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    /** The runs' side of admission: this test only counts, no run needs to hear of its slot. */
    private static final RunPort NO_RUNS = new RunPort() {
        @Override
        public CompletionStage<StepPermit> requestStep(StepRequest request) {
            return new CompletableFuture<>();
        }

        @Override
        public CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request) {
            return new CompletableFuture<>();
        }

        @Override
        public void taskAnswered(TaskAnswer answer) {}

        @Override
        public void failRun(String runId, String reason) {}

        @Override
        public void admit(String runId) {}
    };

    @Test
    void everyNodeReportsTheAdmissionQueuesRunningRuns() throws Exception {
        ActorRef<Admission.Command> admission = KIT.spawn(Admission.create(2, NO_RUNS));
        var directory = RosterProfiles.directory(Roster.builtIn(), "scripted");
        ApiMetrics one = new ApiMetrics();
        ApiMetrics two = new ApiMetrics();
        try (AutoCloseable a = new RunMetrics(one, directory, "scripted")
                        .followAdmission(admission, KIT.system(), Duration.ofMillis(100));
                AutoCloseable b = new RunMetrics(two, directory, "scripted")
                        .followAdmission(admission, KIT.system(), Duration.ofMillis(100))) {
            Instant now = Instant.now();
            admission.tell(new Admission.Enqueue("run-a", now, false));
            admission.tell(new Admission.Enqueue("run-b", now.plusSeconds(1), false));
            admission.tell(new Admission.Enqueue("run-c", now.plusSeconds(2), false));
            KIT.createTestProbe().awaitAssert(Duration.ofSeconds(10), () -> {
                assertThat(one.concurrentRuns.get())
                        .as("capacity 2, one queued")
                        .isEqualTo(2.0);
                assertThat(two.concurrentRuns.get()).isEqualTo(2.0);
                return null;
            });
            admission.tell(new Admission.Release("run-a"));
            admission.tell(new Admission.Release("run-b"));
            KIT.createTestProbe().awaitAssert(Duration.ofSeconds(10), () -> {
                assertThat(one.concurrentRuns.get()).as("run-c took a slot").isEqualTo(1.0);
                assertThat(two.concurrentRuns.get()).isEqualTo(1.0);
                return null;
            });
        }
    }
}
