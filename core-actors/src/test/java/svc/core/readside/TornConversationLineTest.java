package svc.core.readside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a process killed while appending to a conversation file leaves, and how the projection continues it. */
class TornConversationLineTest {

    @TempDir
    Path dir;

    private static final String ONE = "{\"seq\":1,\"agent\":\"a\",\"content\":\"é\"}\n";
    private static final String TWO = "{\"seq\":2,\"agent\":\"a\",\"content\":\"ok\"}\n";

    @Test
    void aLineWithoutItsNewlineIsCutAndTheLastCompleteLineCounts() throws IOException {
        Path f = write(ONE + TWO + "{\"seq\":3,\"agent\":\"a\",\"cont");
        assertThat(ConversationProjectionHandler.lastSeqInFile(f)).isEqualTo(2);
        assertThat(Files.readString(f)).isEqualTo(ONE + TWO);
    }

    @Test
    void aCompleteLastLineThatIsNotJsonIsCutToo() throws IOException {
        Path f = write(ONE + "{\"seq\":2,\"age\n");
        assertThat(ConversationProjectionHandler.lastSeqInFile(f)).isEqualTo(1);
        assertThat(Files.readString(f)).isEqualTo(ONE);
    }

    @Test
    void anIntactFileIsLeftAsItIs() throws IOException {
        Path f = write(ONE + TWO);
        assertThat(ConversationProjectionHandler.lastSeqInFile(f)).isEqualTo(2);
        assertThat(Files.readString(f)).isEqualTo(ONE + TWO);
        assertThat(ConversationProjectionHandler.lastSeqInFile(write("{\"seq\":1")))
                .isZero();
    }

    @Test
    void aBadLineBeforeTheLastIsAFaultNotATear() throws IOException {
        Path f = write("not json\n" + "also not json\n");
        assertThatThrownBy(() -> ConversationProjectionHandler.lastSeqInFile(f))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is not JSON");
    }

    private Path write(String text) throws IOException {
        Path f = dir.resolve("a" + System.nanoTime() + ".jsonl");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }
}
