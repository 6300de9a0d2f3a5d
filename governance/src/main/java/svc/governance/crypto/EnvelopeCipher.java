package svc.governance.crypto;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import svc.config.Json;

/**
 * Envelope encryption (G12/G13): each call draws a fresh 256-bit data key, seals the payload with
 * it (AES-256-GCM), wraps the data key with the customer key through the {@link KeyProvider}, and
 * forgets the data key. The caller's context (e.g. {@code {"run_id": …, "artifact": …}}) is
 * authenticated data on both layers, as canonical JSON (keys sorted), so a ciphertext moved to
 * another record does not open.
 *
 * <p>Key rotation: new envelopes are always sealed under the current key; an envelope names the
 * key id it was sealed under, and opens with the current key or any previous key still given
 * ({@code SVC_KEK_PREVIOUS}). Data is re-sealed under the new key when it is written again, or in
 * bulk by {@code svc admin reseal}.
 */
public final class EnvelopeCipher {

    private final KeyProvider keys;
    private final Map<String, KeyProvider> previous;
    private final SecureRandom random;

    public EnvelopeCipher(KeyProvider keys, List<KeyProvider> previous, SecureRandom random) {
        this.keys = keys;
        this.previous = new LinkedHashMap<>();
        for (KeyProvider p : previous) {
            if (!p.keyId().equals(keys.keyId())) {
                this.previous.put(p.keyId(), p);
            }
        }
        this.random = random;
    }

    public EnvelopeCipher(KeyProvider keys, SecureRandom random) {
        this(keys, List.of(), random);
    }

    public EnvelopeCipher(KeyProvider keys) {
        this(keys, new SecureRandom());
    }

    /** The key new envelopes are sealed under. */
    public KeyProvider current() {
        return keys;
    }

    /** The ids of the earlier rotations' keys still given ({@code SVC_KEK_PREVIOUS}), in order. */
    public List<String> previousKeyIds() {
        return List.copyOf(previous.keySet());
    }

    SecureRandom random() {
        return random;
    }

    /** The key an envelope sealed under {@code kekId} needs: the current one or a previous one. */
    KeyProvider keyFor(String kekId) {
        if (keys.keyId().equals(kekId)) {
            return keys;
        }
        KeyProvider old = previous.get(kekId);
        if (old == null) {
            throw new DecryptionException("envelope was sealed under key " + kekId
                    + ", but the configured key is " + keys.keyId()
                    + (previous.isEmpty() ? "" : " and the previous keys are " + previous.keySet())
                    + "; give the key it was sealed under (SVC_KEK, or SVC_KEK_PREVIOUS after a rotation)");
        }
        return old;
    }

    public Envelope encrypt(byte[] plaintext, Map<String, String> context) {
        byte[] aad = aad(keys.keyId(), context);
        byte[] dataKey = new byte[AesGcm.KEY_BYTES];
        random.nextBytes(dataKey);
        try {
            byte[] sealed = AesGcm.seal(AesGcm.key(dataKey), plaintext, aad, random);
            byte[] wrapped = keys.wrap(dataKey, aad);
            Base64.Encoder b64 = Base64.getEncoder();
            return new Envelope(
                    Envelope.VERSION,
                    Envelope.AES_256_GCM,
                    keys.name(),
                    keys.keyId(),
                    Envelope.AES_256_GCM,
                    b64.encodeToString(wrapped),
                    b64.encodeToString(sealed));
        } finally {
            Arrays.fill(dataKey, (byte) 0);
        }
    }

    public byte[] decrypt(Envelope envelope, Map<String, String> context) {
        if (envelope.version() != Envelope.VERSION) {
            throw new DecryptionException("envelope version " + envelope.version()
                    + " is not supported (this build reads " + Envelope.VERSION + ")");
        }
        if (!Envelope.AES_256_GCM.equals(envelope.algorithm())
                || !Envelope.AES_256_GCM.equals(envelope.wrapAlgorithm())) {
            throw new DecryptionException("envelope algorithms " + envelope.algorithm() + "/" + envelope.wrapAlgorithm()
                    + " are not supported (expected " + Envelope.AES_256_GCM + ")");
        }
        KeyProvider key = keyFor(envelope.kekId());
        byte[] aad = aad(envelope.kekId(), context);
        byte[] dataKey = key.unwrap(decode(envelope.wrappedKey(), "wrapped_key"), aad);
        try {
            return AesGcm.open(AesGcm.key(dataKey), decode(envelope.ciphertext(), "ciphertext"), aad, "the payload");
        } finally {
            Arrays.fill(dataKey, (byte) 0);
        }
    }

    /** The authenticated header: version, algorithms, key id and the sorted context. */
    static byte[] aad(String kekId, Map<String, String> context) {
        Map<String, Object> header = new TreeMap<>();
        header.put("alg", Envelope.AES_256_GCM);
        header.put("context", new TreeMap<>(context));
        header.put("kek_id", kekId);
        header.put("v", Envelope.VERSION);
        header.put("wrap_alg", Envelope.AES_256_GCM);
        try {
            return Json.MAPPER.writeValueAsString(header).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("encryption context cannot be written as JSON", e);
        }
    }

    private static byte[] decode(String b64, String field) {
        try {
            return Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw new DecryptionException("envelope field '" + field + "' is not valid base64", e);
        }
    }
}
