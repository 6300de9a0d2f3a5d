package svc.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.Test;

/** Kept bytes are served only for an equal value, and a page reads exactly as Jackson writes it. */
class WrittenJsonTest {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Item(String itemId, String state, Instant updatedAt, double cost, List<String> tags, String note) {}

    private static Item item(String id, String state) {
        return new Item(id, state, Instant.parse("2026-11-25T07:31:45.618123Z"), 0.062993, List.of("a", "é\"\n"), null);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String text(ByteString bytes) {
        return bytes.utf8String();
    }

    @Test
    void aPageIsWrittenAsJacksonWritesIt() {
        WrittenJson<String, Item> written = new WrittenJson<>(100, Item::itemId);
        List<Page<Item>> pages = List.of(
                new Page<>(List.of(), 0, 50, 0),
                new Page<>(List.of(item("r1", "running")), 1, 1, 0),
                new Page<>(List.of(item("r1", "running"), item("r2", "queued"), item("r3", "failed")), 40, 3, 6));
        for (Page<Item> page : pages) {
            assertThat(text(written.page(page))).isEqualTo(text(JsonSupport.bytes(page)));
        }
    }

    @Test
    void anEqualValueIsServedFromTheKeptBytesAndAChangedOneIsWrittenAgain() {
        WrittenJson<String, Item> written = new WrittenJson<>(100, Item::itemId);
        byte[] first = written.bytes(item("r1", "running"));
        assertThat(written.bytes(item("r1", "running"))).isSameAs(first);

        byte[] changed = written.bytes(item("r1", "succeeded"));
        assertThat(changed).isNotSameAs(first);
        assertThat(text(changed)).contains("\"state\":\"succeeded\"").doesNotContain("running");
        assertThat(text(written.page(new Page<>(List.of(item("r1", "succeeded")), 1, 50, 0))))
                .isEqualTo(text(JsonSupport.bytes(new Page<>(List.of(item("r1", "succeeded")), 1, 50, 0))));
        // Changed back (a value written by another node, say): written again, not the first bytes.
        assertThat(text(written.bytes(item("r1", "running")))).isEqualTo(text(first));
    }

    @Test
    void theCacheStaysWithinItsBound() {
        WrittenJson<String, Item> written = new WrittenJson<>(10, Item::itemId);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            items.add(item("r" + i, "queued"));
            written.bytes(items.get(i));
            assertThat(written.size()).isLessThanOrEqualTo(10);
        }
        assertThat(text(written.page(new Page<>(items, 25, 50, 0))))
                .isEqualTo(text(JsonSupport.bytes(new Page<>(items, 25, 50, 0))));
    }
}
