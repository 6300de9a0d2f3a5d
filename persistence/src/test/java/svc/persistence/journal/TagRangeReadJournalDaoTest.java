package svc.persistence.journal;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.persistence.jdbc.config.ReadJournalConfig;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.persistence.query.EventEnvelope;
import org.apache.pekko.persistence.query.Offset;
import org.apache.pekko.persistence.query.PersistenceQuery;
import org.apache.pekko.persistence.query.Sequence;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.stream.javadsl.Sink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.testing.TestH2;

/**
 * The projections' events-by-tag query, through the read journal as the projections use it:
 * every event of the tag once, in journal order, from any offset, none of another tag; and on
 * H2 a plan that reads the journal's range instead of the whole tag table.
 */
class TagRangeReadJournalDaoTest {

    @TempDir
    Path home;

    private Database db;
    private ActorSystem<Void> system;
    private JdbcReadJournal journal;
    private final Map<String, ActorRef<Writer.Write>> writers = new HashMap<>();

    DatabaseSettings database() throws Exception {
        return TestH2.database(home);
    }

    @BeforeEach
    void start() throws Exception {
        DatabaseSettings settings = database();
        db = Database.open(settings);
        Config config = settings.pekkoOverrides()
                .withFallback(ConfigFactory.parseMap(Map.of(
                        "pekko.actor.provider", "local",
                        // No wait for an out-of-order write: the test's writes are all committed when it reads.
                        "jdbc-read-journal.journal-sequence-retrieval.query-delay", "10ms")))
                .withFallback(ConfigFactory.load());
        system = ActorSystem.create(Behaviors.empty(), "tag-range", config);
        journal = PersistenceQuery.get(system).getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
    }

    @AfterEach
    void stop() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        db.close();
    }

    @Test
    void theReadJournalUsesThisDao() {
        assertThat(system.settings().config().getString("jdbc-read-journal.dao"))
                .isEqualTo(TagRangeReadJournalDao.class.getName());
    }

    @Test
    void everyEventOfTheTagOnceInJournalOrderFromAnyOffset() throws Exception {
        // Three writers, their events interleaved in the journal; "red" on some, "blue" on others, both on a few.
        List<String> red = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String writer = "writer-" + (i % 3);
            Set<String> tags = i % 5 == 0 ? Set.of("red", "blue") : i % 2 == 0 ? Set.of("red") : Set.of("blue");
            write(writer, "e" + i, tags);
            if (tags.contains("red")) {
                red.add("e" + i);
            }
        }

        List<EventEnvelope> all = tagged("red", Offset.noOffset());
        assertThat(all).extracting(e -> (String) e.event()).containsExactlyElementsOf(red);
        List<Long> offsets =
                all.stream().map(e -> ((Sequence) e.offset()).value()).toList();
        assertThat(offsets).isSorted().doesNotHaveDuplicates();

        // From the offset of the sixth: the rest, and only the rest.
        long sixth = offsets.get(5);
        assertThat(tagged("red", Offset.sequence(sixth)))
                .extracting(e -> (String) e.event())
                .containsExactlyElementsOf(red.subList(6, red.size()));
        assertThat(tagged("green", Offset.noOffset())).isEmpty();
    }

    @Test
    void onH2ThePollReadsTheJournalRangeNotTheWholeTagTable() throws Exception {
        ReadJournalConfig config =
                new ReadJournalConfig(system.settings().config().getConfig("jdbc-read-journal"));
        String sql = TagRangeReadJournalDao.eventsByTagSql(
                config.eventJournalTableConfiguration(), config.eventTagTableConfiguration());
        try (Connection c = db.connection();
                PreparedStatement st = c.prepareStatement("EXPLAIN " + sql)) {
            st.setLong(1, 100);
            st.setLong(2, 200);
            st.setString(3, "red");
            st.setLong(4, 100);
            st.setLong(5, 200);
            st.setLong(6, 50);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                String plan = rs.getString(1);
                assertThat(plan).doesNotContain("tableScan");
                assertThat(plan).contains("\"ordering\" > ?1").contains("\"ordering\" <= ?2");
            }
        }
    }

    private List<EventEnvelope> tagged(String tag, Offset from) throws Exception {
        return journal.currentEventsByTag(tag, from)
                .runWith(Sink.seq(), system)
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    private void write(String writer, String event, Set<String> tags) throws Exception {
        ActorRef<Writer.Write> ref =
                writers.computeIfAbsent(writer, w -> system.systemActorOf(Writer.create(w), w, Props.empty()));
        AskPattern.<Writer.Write, Done>ask(
                        ref,
                        replyTo -> new Writer.Write(event, tags, replyTo),
                        Duration.ofSeconds(30),
                        system.scheduler())
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    /** Persists the string it is given with the tags it is given, then answers. */
    static final class Writer extends EventSourcedBehavior<Writer.Write, String, Integer> {

        record Write(String event, Set<String> tags, ActorRef<Done> replyTo) {}

        private Set<String> nextTags = Set.of();

        private Writer(String id) {
            super(PersistenceId.ofUniqueId(id));
        }

        static Behavior<Write> create(String id) {
            return new Writer(id);
        }

        @Override
        public Integer emptyState() {
            return 0;
        }

        @Override
        public Set<String> tagsFor(String event) {
            return nextTags;
        }

        @Override
        public CommandHandler<Write, String, Integer> commandHandler() {
            return newCommandHandlerBuilder().forAnyState().onAnyCommand(w -> {
                nextTags = w.tags();
                return Effect().persist(w.event()).thenReply(w.replyTo(), s -> Done.getInstance());
            });
        }

        @Override
        public EventHandler<Integer, String> eventHandler() {
            return newEventHandlerBuilder().forAnyState().onAnyEvent((count, event) -> count + 1);
        }
    }
}
