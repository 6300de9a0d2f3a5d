package svc.bench.e2e;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import svc.core.CborSerializable;

/**
 * One entity that journals {@code count} events one after another, each waited for, and answers
 * with the nanoseconds each took: what one write in series costs on the platform's own journal,
 * the floor under every step of a run.
 */
final class JournalProbe extends EventSourcedBehavior<JournalProbe.Write, JournalProbe.Written, Integer> {

    /** Journal {@code left} more events, then answer {@code replyTo} with every write's duration. */
    record Write(int left, ActorRef<List<Long>> replyTo) implements CborSerializable {}

    /** An event the size of a typical conversation line. */
    record Written(String line) implements CborSerializable {}

    private static final String LINE = "a conversation line of about the size agents journal ".repeat(12);

    private final ActorRef<Write> self;
    private final List<Long> nanos = new ArrayList<>();

    private JournalProbe(String id, ActorRef<Write> self) {
        super(PersistenceId.ofUniqueId("bench-journal-probe|" + id));
        this.self = self;
    }

    static Behavior<Write> create(String id) {
        return Behaviors.setup(ctx -> new JournalProbe(id, ctx.getSelf()));
    }

    @Override
    public Integer emptyState() {
        return 0;
    }

    @Override
    public CommandHandler<Write, Written, Integer> commandHandler() {
        return newCommandHandlerBuilder()
                .forAnyState()
                .onCommand(Write.class, this::onWrite)
                .build();
    }

    private Effect<Written, Integer> onWrite(Integer count, Write w) {
        if (w.left() == 0) {
            return Effect().none().thenRun(s -> w.replyTo().tell(List.copyOf(nanos)));
        }
        long started = System.nanoTime();
        return Effect().persist(new Written(LINE)).thenRun(s -> {
            nanos.add(System.nanoTime() - started);
            self.tell(new Write(w.left() - 1, w.replyTo()));
        });
    }

    @Override
    public EventHandler<Integer, Written> eventHandler() {
        return newEventHandlerBuilder().forAnyState().onAnyEvent((count, e) -> count + 1);
    }
}
