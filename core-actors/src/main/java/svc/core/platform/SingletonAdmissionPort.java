package svc.core.platform;

import java.time.Instant;
import org.apache.pekko.actor.typed.ActorRef;
import svc.core.admission.Admission;
import svc.core.task.AdmissionPort;

/** Reaches the admission queue, a cluster singleton, through its proxy. */
final class SingletonAdmissionPort implements AdmissionPort {

    private final ActorRef<Admission.Command> admission;

    SingletonAdmissionPort(ActorRef<Admission.Command> admission) {
        this.admission = admission;
    }

    @Override
    public void enqueue(String runId, Instant createdAt, boolean resuming) {
        admission.tell(new Admission.Enqueue(runId, createdAt, resuming));
    }

    @Override
    public void claim(String runId) {
        admission.tell(new Admission.Claim(runId));
    }

    @Override
    public void release(String runId) {
        admission.tell(new Admission.Release(runId));
    }
}
