package svc.governance.erasure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;

class ConversationTombstonerTest {

    private static final Instant NOW = Instant.parse("2026-11-22T01:30:00Z");

    private static final List<String> LINES = List.of(
            "{\"seq\":1,\"ts\":\"2026-11-21T10:00:00Z\",\"agent\":\"data_engineer\",\"role\":\"user\","
                    + "\"content\":\"profile the data\"}",
            "{\"seq\":2,\"ts\":\"2026-11-21T10:00:01Z\",\"agent\":\"data_engineer\",\"role\":\"tool\","
                    + "\"content\":{\"rows\":[{\"id\":\"cust-42\",\"income\":5}]}}",
            "{\"seq\":3,\"ts\":\"2026-11-21T10:00:02Z\",\"agent\":\"data_engineer\",\"role\":\"assistant\","
                    + "\"content\":\"customer cust-420 looks odd\"}",
            "",
            "{\"seq\":4,\"ts\":\"2026-11-21T10:00:03Z\",\"agent\":\"data_engineer\",\"role\":\"assistant\","
                    + "\"content\":\"drop cust-42 now\"}",
            "not json but mentions cust-42");

    @Test
    void tombstonesOnlyMentioningLinesKeepingOrderCountAndMetadata() throws Exception {
        var r = ConversationTombstoner.tombstone(LINES, "cust-42", NOW);
        assertThat(r.tombstoned()).isEqualTo(3);
        assertThat(r.lines()).hasSize(LINES.size());
        assertThat(r.lines().get(0)).isEqualTo(LINES.get(0));
        assertThat(r.lines().get(2)).isEqualTo(LINES.get(2));
        assertThat(r.lines().get(3)).isEmpty();
        JsonNode t = Json.MAPPER.readTree(r.lines().get(1));
        assertThat(t.get("seq").asInt()).isEqualTo(2);
        assertThat(t.get("ts").asText()).isEqualTo("2026-11-21T10:00:01Z");
        assertThat(t.get("agent").asText()).isEqualTo("data_engineer");
        assertThat(t.get("role").asText()).isEqualTo("tool");
        assertThat(t.get("content").asText()).isEqualTo("[SUBJECT_DELETED]");
        assertThat(t.get("deleted_subject").asText()).isEqualTo("cust-42");
        assertThat(t.get("deleted_at").asText()).isEqualTo("2026-11-22T01:30:00Z");
        assertThat(r.lines().get(1)).doesNotContain("income");
        assertThat(Json.MAPPER.readTree(r.lines().get(4)).get("seq").asInt()).isEqualTo(4);
        JsonNode raw = Json.MAPPER.readTree(r.lines().get(5));
        assertThat(raw.has("seq")).isFalse();
        assertThat(raw.get("content").asText()).isEqualTo("[SUBJECT_DELETED]");
    }

    @Test
    void runningTwiceChangesNothing() {
        var once = ConversationTombstoner.tombstone(LINES, "cust-42", NOW);
        var twice = ConversationTombstoner.tombstone(once.lines(), "cust-42", NOW.plusSeconds(60));
        assertThat(twice.lines()).isEqualTo(once.lines());
        assertThat(twice.tombstoned()).isZero();
    }

    @Test
    void regexMetacharactersInTheIdAreLiteral() {
        List<String> lines = List.of("{\"seq\":1,\"content\":\"axbbc\"}", "{\"seq\":2,\"content\":\"id a.b+c here\"}");
        var r = ConversationTombstoner.tombstone(lines, "a.b+c", NOW);
        assertThat(r.tombstoned()).isEqualTo(1);
        assertThat(r.lines().get(0)).isEqualTo(lines.get(0));
        assertThat(r.lines().get(1)).contains("[SUBJECT_DELETED]");
        assertThat(ConversationTombstoner.tombstone(List.of("{\"c\":\"(((\"}"), "(((", NOW)
                        .tombstoned())
                .isEqualTo(1);
        assertThat(ConversationTombstoner.tombstone(List.of("{\"c\":\"anything\"}"), ".*", NOW)
                        .tombstoned())
                .isZero();
    }

    @Test
    void idWithQuotesIsFoundInsideJsonEscapes() {
        var r = ConversationTombstoner.tombstone(
                List.of("{\"seq\":1,\"content\":\"name: O\\\"Brien\"}"), "O\"Brien", NOW);
        assertThat(r.tombstoned()).isEqualTo(1);
    }

    @Test
    void metadataMentioningTheSubjectIsNotKept() throws Exception {
        var r = ConversationTombstoner.tombstone(
                List.of("{\"seq\":9,\"agent\":\"cust-42\",\"content\":\"x\"}"), "cust-42", NOW);
        JsonNode t = Json.MAPPER.readTree(r.lines().get(0));
        assertThat(t.has("agent")).isFalse();
        assertThat(t.get("seq").asInt()).isEqualTo(9);
    }

    @Test
    void numericSubjectDoesNotHitSequenceNumbersOrTimestamps() {
        List<String> lines = List.of(
                "{\"seq\":42,\"ts\":\"2026-11-21T10:42:42Z\",\"content\":\"hello\"}",
                "{\"seq\":43,\"content\":\"account 42 closed\"}");
        var r = ConversationTombstoner.tombstone(lines, "42", NOW);
        assertThat(r.tombstoned()).isEqualTo(1);
        assertThat(r.lines().get(0)).isEqualTo(lines.get(0));
        assertThat(r.lines().get(1)).contains("\"seq\":43", "[SUBJECT_DELETED]");
    }

    @Test
    void blankSubjectIsRejected() {
        assertThatThrownBy(() -> ConversationTombstoner.tombstone(LINES, "", NOW))
                .isInstanceOf(InvalidSubjectIdException.class);
        assertThatThrownBy(() -> ConversationTombstoner.tombstone(LINES, "  \t", NOW))
                .isInstanceOf(InvalidSubjectIdException.class);
        assertThatThrownBy(() -> ConversationTombstoner.tombstone(LINES, null, NOW))
                .isInstanceOf(InvalidSubjectIdException.class);
    }
}
