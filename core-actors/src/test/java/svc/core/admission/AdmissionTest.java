package svc.core.admission;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.core.task.RunPort;
import svc.core.task.StepPermit;
import svc.core.task.StepRequest;
import svc.core.task.TaskAnswer;
import svc.core.task.ToolApprovalRequest;

/** The admission queue alone: its run port sends the runs it admits to a probe. */
class AdmissionTest {

    static final ActorTestKit testKit = ActorTestKit.create(
            "admission-test",
            ConfigFactory.parseString("pekko.actor.provider = local").withFallback(ConfigFactory.load()));

    static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
    static final Duration QUIET = Duration.ofMillis(300);

    TestProbe<String> admitted;

    @BeforeEach
    void probe() {
        admitted = testKit.createTestProbe();
    }

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    /** Only admissions go from the queue to runs; anything else would be a wiring mistake. */
    static RunPort admitsTo(ActorRef<String> probe) {
        return new RunPort() {
            @Override
            public void admit(String runId) {
                probe.tell(runId);
            }

            @Override
            public CompletionStage<StepPermit> requestStep(StepRequest request) {
                throw new UnsupportedOperationException();
            }

            @Override
            public CompletionStage<StepPermit> requestToolApproval(ToolApprovalRequest request) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void taskAnswered(TaskAnswer answer) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void failRun(String runId, String reason) {
                throw new AssertionError("admission never fails runs");
            }
        };
    }

    ActorRef<Admission.Command> queue(int capacity) {
        return testKit.spawn(Admission.create(capacity, admitsTo(admitted.ref())));
    }

    Admission.Status status(ActorRef<Admission.Command> queue) {
        TestProbe<Admission.Status> replies = testKit.createTestProbe();
        queue.tell(new Admission.GetStatus(replies.ref()));
        return replies.receiveMessage();
    }

    @Test
    void runsBeyondTheCapacityWaitInCreationOrder() {
        var queue = queue(2);
        queue.tell(new Admission.Enqueue("c", T.plusSeconds(3), false));
        queue.tell(new Admission.Enqueue("a", T.plusSeconds(1), false));
        admitted.expectMessage("c");
        admitted.expectMessage("a");
        queue.tell(new Admission.Enqueue("e", T.plusSeconds(5), false));
        queue.tell(new Admission.Enqueue("d", T.plusSeconds(4), false));
        queue.tell(new Admission.Enqueue("b", T.plusSeconds(2), false));
        admitted.expectNoMessage(QUIET);
        assertThat(status(queue)).isEqualTo(new Admission.Status(2, 3, 2));

        queue.tell(new Admission.Release("c"));
        admitted.expectMessage("b");
        queue.tell(new Admission.Release("a"));
        admitted.expectMessage("d");
        queue.tell(new Admission.Release("b"));
        admitted.expectMessage("e");
        assertThat(status(queue)).isEqualTo(new Admission.Status(2, 0, 2));
    }

    @Test
    void aRunBackFromAnApprovalGoesAheadOfRunsNotYetStarted() {
        var queue = queue(1);
        queue.tell(new Admission.Enqueue("running", T, false));
        admitted.expectMessage("running");
        queue.tell(new Admission.Enqueue("fresh", T.plusSeconds(1), false));
        queue.tell(new Admission.Enqueue("approved-later", T.plusSeconds(9), true));
        queue.tell(new Admission.Enqueue("approved", T.plusSeconds(5), true));
        admitted.expectNoMessage(QUIET);

        queue.tell(new Admission.Release("running"));
        admitted.expectMessage("approved");
        queue.tell(new Admission.Release("approved"));
        admitted.expectMessage("approved-later");
        queue.tell(new Admission.Release("approved-later"));
        admitted.expectMessage("fresh");
    }

    @Test
    void aClaimTakesASlotWithoutQueueingAndAReleaseFreesIt() {
        var queue = queue(1);
        queue.tell(new Admission.Claim("was-running"));
        queue.tell(new Admission.Enqueue("next", T, false));
        admitted.expectNoMessage(QUIET);
        assertThat(status(queue)).isEqualTo(new Admission.Status(1, 1, 1));
        queue.tell(new Admission.Release("was-running"));
        admitted.expectMessage("next");
    }

    @Test
    void anAdmittedRunThatAsksAgainIsToldAgainAndNeverQueuedTwice() {
        var queue = queue(1);
        queue.tell(new Admission.Enqueue("a", T, false));
        admitted.expectMessage("a");
        // The run did not hear its admission before a restart.
        queue.tell(new Admission.Enqueue("a", T, false));
        admitted.expectMessage("a");
        queue.tell(new Admission.Enqueue("b", T.plusSeconds(1), false));
        queue.tell(new Admission.Enqueue("b", T.plusSeconds(1), false));
        assertThat(status(queue)).isEqualTo(new Admission.Status(1, 1, 1));
    }

    @Test
    void aQueuedRunThatLeavesGivesUpItsTurn() {
        var queue = queue(1);
        queue.tell(new Admission.Enqueue("a", T, false));
        admitted.expectMessage("a");
        queue.tell(new Admission.Enqueue("cancelled", T.plusSeconds(1), false));
        queue.tell(new Admission.Enqueue("b", T.plusSeconds(2), false));
        queue.tell(new Admission.Release("cancelled"));
        queue.tell(new Admission.Release("a"));
        admitted.expectMessage("b");
        admitted.expectNoMessage(QUIET);
    }
}
