package svc.deployments.ship;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ReproducibleTarballTest {

    @Test
    void headerFollowsUstar() throws IOException {
        byte[] h = ReproducibleTarball.header("a/b.txt", 5, 0644, 1_700_000_000L);

        assertThat(new String(h, 0, 7, StandardCharsets.US_ASCII)).isEqualTo("a/b.txt");
        assertThat(new String(h, 100, 7, StandardCharsets.US_ASCII)).isEqualTo("0000644");
        assertThat(new String(h, 124, 11, StandardCharsets.US_ASCII)).isEqualTo("00000000005");
        assertThat(new String(h, 136, 11, StandardCharsets.US_ASCII)).isEqualTo(Long.toOctalString(1_700_000_000L));
        assertThat(new String(h, 257, 8, StandardCharsets.US_ASCII)).isEqualTo("ustar\u000000");
        // The checksum is the byte sum with the checksum field read as eight spaces (POSIX).
        long sum = 0;
        for (int i = 0; i < 512; i++) {
            sum += i >= 148 && i < 156 ? ' ' : h[i] & 0xff;
        }
        assertThat(Long.parseLong(new String(h, 148, 6, StandardCharsets.US_ASCII), 8))
                .isEqualTo(sum);
    }

    @Test
    void longPathsSplitIntoPrefixAndName() throws IOException {
        String dir = "d".repeat(120);
        byte[] h = ReproducibleTarball.header(dir + "/file.txt", 0, 0644, 0);

        assertThat(new String(h, 0, 8, StandardCharsets.US_ASCII)).isEqualTo("file.txt");
        assertThat(new String(h, 345, 120, StandardCharsets.US_ASCII)).isEqualTo(dir);
    }

    @Test
    void pathsUstarCannotHoldAreRefused() {
        assertThatThrownBy(() -> ReproducibleTarball.header("x".repeat(101), 0, 0644, 0))
                .hasMessageContaining("is too long for a ustar archive");
        assertThatThrownBy(() -> ReproducibleTarball.header("d".repeat(160) + "/f", 0, 0644, 0))
                .hasMessageContaining("is too long for a ustar archive");
    }
}
