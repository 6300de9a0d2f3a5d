package svc.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextsTest {

    @Test
    void neverCutsASurrogatePairInHalf() {
        String text = "ab\uD83D\uDE00cd"; // an emoji is two chars
        assertThat(Texts.prefix(text, 3)).isEqualTo("ab");
        assertThat(Texts.prefix(text, 4)).isEqualTo("ab\uD83D\uDE00");
        for (int n = 0; n <= text.length(); n++) {
            String cut = Texts.prefix(text, n);
            assertThat(new String(cut.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                    .as("cut at %d", n)
                    .isEqualTo(cut);
        }
    }

    @Test
    void leavesShortTextAlone() {
        assertThat(Texts.prefix("abc", 10)).isEqualTo("abc");
    }
}
