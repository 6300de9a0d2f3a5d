package svc.governance.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.governance.signing.Digests;

class SealedFilesTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Map<String, String> CTX = Map.of("store_key", "r-1/metrics.json");

    @TempDir
    Path dir;

    private static KeyProvider envKey(int seed) {
        byte[] key = new byte[32];
        new Random(seed).nextBytes(key);
        return KeyProviders.create("env", Map.of("SVC_KEK", Base64.getEncoder().encodeToString(key)), RANDOM);
    }

    private final SealedFiles files = new SealedFiles(new EnvelopeCipher(envKey(1)));

    private static byte[] data(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    private Path seal(SealedFiles with, byte[] plain) throws IOException {
        Path out = dir.resolve("sealed-" + plain.length);
        SealedFiles.Digest d = with.seal(new ByteArrayInputStream(plain), out, CTX);
        assertThat(d).isEqualTo(new SealedFiles.Digest(plain.length, Digests.sha256Hex(plain)));
        return out;
    }

    private static byte[] open(SealedFiles with, Path sealed, Map<String, String> ctx) throws IOException {
        try (InputStream in = with.open(Files.newInputStream(sealed), ctx)) {
            return in.readAllBytes();
        }
    }

    /** Segment boundaries are where truncation and last-flag bugs live: sizes on and around them. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 65535, 65536, 65537, 131072, 200_001})
    void roundTripsAnySizeWithTheDigestReadableAlone(int size) throws IOException {
        byte[] plain = data(size);
        Path sealed = seal(files, plain);
        byte[] raw = Files.readAllBytes(sealed);
        assertThat(SealedFiles.isSealed(raw, raw.length)).isTrue();
        int segments = Math.max(1, (size + 65535) / 65536);
        assertThat(raw.length).isGreaterThan(size + segments * 16);
        assertThat(open(files, sealed, CTX)).isEqualTo(plain);
        try (InputStream in = Files.newInputStream(sealed)) {
            assertThat(files.digest(in, CTX)).isEqualTo(new SealedFiles.Digest(size, Digests.sha256Hex(plain)));
        }
    }

    @Test
    void noPlaintextReachesTheSealedFile() throws IOException {
        byte[] plain = "{\"problem\": \"Predict churn for ACME customers\"}"
                .repeat(100)
                .getBytes(StandardCharsets.UTF_8);
        String raw = Files.readString(seal(files, plain), StandardCharsets.ISO_8859_1);
        assertThat(raw).startsWith("SVCSEAL1").doesNotContain("ACME").doesNotContain("churn");
    }

    @Test
    void anotherKeyAnotherContextOrAlteredBytesFailClearly() throws IOException {
        byte[] plain = data(150_000);
        Path sealed = seal(files, plain);
        SealedFiles other = new SealedFiles(new EnvelopeCipher(envKey(2)));
        assertThatThrownBy(() -> open(other, sealed, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("sealed under key")
                .hasMessageContaining("SVC_KEK_PREVIOUS");
        assertThatThrownBy(() -> open(files, sealed, Map.of("store_key", "r-2/metrics.json")))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("authentication failed");

        byte[] raw = Files.readAllBytes(sealed);
        byte[] flipped = raw.clone();
        flipped[raw.length - 100] ^= 1;
        Path altered = Files.write(dir.resolve("altered"), flipped);
        assertThatThrownBy(() -> open(files, altered, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("segment 2");
        // Cut exactly after the first full segment: the stream must not pass for a shorter file.
        int headerEnd = raw.length - (150_000 + 3 * 16);
        Path truncated = Files.write(dir.resolve("truncated"), Arrays.copyOf(raw, headerEnd + 65536 + 16));
        assertThatThrownBy(() -> open(files, truncated, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("segment 0");
    }

    @Test
    void afterARotationThePreviousKeyStillOpensWhatItSealed() throws IOException {
        byte[] plain = data(70_000);
        Path old = seal(files, plain);
        SealedFiles rotated = new SealedFiles(new EnvelopeCipher(envKey(2), List.of(envKey(1)), RANDOM));
        assertThat(open(rotated, old, CTX)).isEqualTo(plain);
        Path fresh = seal(rotated, data(10));
        assertThat(Files.readString(fresh, StandardCharsets.ISO_8859_1))
                .contains(envKey(2).keyId());
        // The old key alone cannot open what the new key sealed.
        assertThatThrownBy(() -> open(files, fresh, CTX)).isInstanceOf(DecryptionException.class);
    }

    @Test
    void clearBytesAreNotTakenForASealedFile() throws IOException {
        byte[] clear = "{\"accuracy\": 0.9}".getBytes(StandardCharsets.UTF_8);
        assertThat(SealedFiles.isSealed(clear, clear.length)).isFalse();
        assertThatThrownBy(() -> files.open(new ByteArrayInputStream(clear), CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("not a sealed svc file");
    }
}
