package svc.governance.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EnvelopeCipherTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Map<String, String> CTX = Map.of("run_id", "r-1", "artifact", "metrics.json");
    private static final byte[] DATA = "{\"accuracy\": 0.91}".getBytes(StandardCharsets.UTF_8);

    private static KeyProvider envKey(int seed) {
        byte[] key = new byte[32];
        new Random(seed).nextBytes(key);
        return KeyProviders.create("env", Map.of("SVC_KEK", Base64.getEncoder().encodeToString(key)), RANDOM);
    }

    private final EnvelopeCipher cipher = new EnvelopeCipher(envKey(1));

    @Test
    void roundTripThroughTheJsonForm() {
        Envelope sealed = cipher.encrypt(DATA, CTX);
        String json = sealed.toJson();
        assertThat(json)
                .contains("\"v\":1", "\"alg\":\"AES-256-GCM\"", "\"kek_provider\":\"env\"", "\"kek_id\":\"env:")
                .doesNotContain("accuracy");
        assertThat(cipher.decrypt(Envelope.parse(json), Map.of("artifact", "metrics.json", "run_id", "r-1")))
                .isEqualTo(DATA);
        assertThat(Base64.getDecoder().decode(sealed.ciphertext())).hasSize(12 + DATA.length + 16);
        assertThat(Base64.getDecoder().decode(sealed.wrappedKey())).hasSize(12 + 32 + 16);
    }

    @Test
    void emptyPayloadAndEmptyContextWork() {
        assertThat(cipher.decrypt(cipher.encrypt(new byte[0], Map.of()), Map.of()))
                .isEmpty();
    }

    @Test
    void differentContextFails() {
        Envelope sealed = cipher.encrypt(DATA, CTX);
        assertThatThrownBy(() -> cipher.decrypt(sealed, Map.of("run_id", "r-2", "artifact", "metrics.json")))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("authentication failed");
        assertThatThrownBy(() -> cipher.decrypt(sealed, Map.of("run_id", "r-1")))
                .isInstanceOf(DecryptionException.class);
    }

    @Test
    void wrongKekFailsByIdAndCryptographically() {
        Envelope sealed = cipher.encrypt(DATA, CTX);
        KeyProvider other = envKey(2);
        var otherCipher = new EnvelopeCipher(other);
        assertThatThrownBy(() -> otherCipher.decrypt(sealed, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("sealed under key " + sealed.kekId());
        // even with the header rewritten to name the other key, the wrapped key does not open
        Envelope relabelled = new Envelope(
                1,
                sealed.algorithm(),
                "env",
                other.keyId(),
                sealed.wrapAlgorithm(),
                sealed.wrappedKey(),
                sealed.ciphertext());
        assertThatThrownBy(() -> otherCipher.decrypt(relabelled, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("wrapped data key");
    }

    @Test
    void tamperedCiphertextOrWrappedKeyFails() {
        Envelope sealed = cipher.encrypt(DATA, CTX);
        byte[] ct = Base64.getDecoder().decode(sealed.ciphertext());
        ct[20] ^= 1;
        Envelope flipped = new Envelope(
                1,
                sealed.algorithm(),
                sealed.kekProvider(),
                sealed.kekId(),
                sealed.wrapAlgorithm(),
                sealed.wrappedKey(),
                Base64.getEncoder().encodeToString(ct));
        assertThatThrownBy(() -> cipher.decrypt(flipped, CTX))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("the payload");
        byte[] wk = Base64.getDecoder().decode(sealed.wrappedKey());
        wk[wk.length - 1] ^= 1;
        Envelope badKey = new Envelope(
                1,
                sealed.algorithm(),
                sealed.kekProvider(),
                sealed.kekId(),
                sealed.wrapAlgorithm(),
                Base64.getEncoder().encodeToString(wk),
                sealed.ciphertext());
        assertThatThrownBy(() -> cipher.decrypt(badKey, CTX)).isInstanceOf(DecryptionException.class);
        Envelope truncated = new Envelope(
                1,
                sealed.algorithm(),
                sealed.kekProvider(),
                sealed.kekId(),
                sealed.wrapAlgorithm(),
                sealed.wrappedKey(),
                Base64.getEncoder().encodeToString(new byte[5]));
        assertThatThrownBy(() -> cipher.decrypt(truncated, CTX)).hasMessageContaining("too short");
    }

    @Test
    void freshDataKeyAndNonceOnEveryCall() {
        Envelope a = cipher.encrypt(DATA, CTX);
        Envelope b = cipher.encrypt(DATA, CTX);
        assertThat(a.ciphertext()).isNotEqualTo(b.ciphertext());
        assertThat(a.wrappedKey()).isNotEqualTo(b.wrappedKey());
        // the wrapped keys unwrap to different data keys
        KeyProvider k = envKey(1);
        byte[] aad = EnvelopeCipher.aad(k.keyId(), CTX);
        assertThat(k.unwrap(Base64.getDecoder().decode(a.wrappedKey()), aad))
                .isNotEqualTo(k.unwrap(Base64.getDecoder().decode(b.wrappedKey()), aad));
    }

    @Test
    void unsupportedVersionAndMalformedEnvelopesAreNamed() {
        Envelope sealed = cipher.encrypt(DATA, CTX);
        Envelope v2 = new Envelope(
                2,
                sealed.algorithm(),
                sealed.kekProvider(),
                sealed.kekId(),
                sealed.wrapAlgorithm(),
                sealed.wrappedKey(),
                sealed.ciphertext());
        assertThatThrownBy(() -> cipher.decrypt(v2, CTX)).hasMessageContaining("version 2");
        assertThatThrownBy(() -> Envelope.parse("{\"v\":1}"))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("alg");
        assertThatThrownBy(() -> Envelope.parse(sealed.toJson().replace("\"v\":1", "\"v\":1,\"extra\":0")))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("extra");
    }

    @Test
    void contextIsCanonicalisedBySortedKeys() {
        var a = new LinkedHashMap<String, String>();
        a.put("b", "2");
        a.put("a", "1");
        assertThat(new String(EnvelopeCipher.aad("k", a), StandardCharsets.UTF_8))
                .isEqualTo("{\"alg\":\"AES-256-GCM\",\"context\":{\"a\":\"1\",\"b\":\"2\"},\"kek_id\":\"k\",\"v\":1,"
                        + "\"wrap_alg\":\"AES-256-GCM\"}");
    }
}
