package svc.governance.crypto;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import svc.config.Json;

/**
 * A sealed payload, self-describing and versioned. Written as one JSON object:
 * <pre>
 * {"v":1, "alg":"AES-256-GCM", "kek_provider":"env", "kek_id":"env:3f1c…",
 *  "wrap_alg":"AES-256-GCM", "wrapped_key":"&lt;b64&gt;", "ciphertext":"&lt;b64&gt;"}
 * </pre>
 * {@code wrapped_key} and {@code ciphertext} are each {@code nonce(12) || ciphertext || tag(16)}
 * in base64. The context is not stored: the reader must present it again, and it is
 * authenticated (with {@code v}, {@code alg}, {@code wrap_alg} and {@code kek_id}) on both layers.
 */
public record Envelope(
        @JsonProperty("v") int version,
        @JsonProperty("alg") String algorithm,
        @JsonProperty("kek_provider") String kekProvider,
        @JsonProperty("kek_id") String kekId,
        @JsonProperty("wrap_alg") String wrapAlgorithm,
        @JsonProperty("wrapped_key") String wrappedKey,
        @JsonProperty("ciphertext") String ciphertext) {

    public static final int VERSION = 1;
    public static final String AES_256_GCM = "AES-256-GCM";

    public Envelope {
        require(algorithm, "alg");
        require(kekProvider, "kek_provider");
        require(kekId, "kek_id");
        require(wrapAlgorithm, "wrap_alg");
        require(wrappedKey, "wrapped_key");
        require(ciphertext, "ciphertext");
    }

    public String toJson() {
        try {
            return Json.MAPPER.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("envelope cannot be written as JSON", e);
        }
    }

    /** Reads an envelope; unknown fields and missing fields are errors that name the field. */
    public static Envelope parse(String json) {
        try {
            return Json.STRICT.readValue(json, Envelope.class);
        } catch (JsonProcessingException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException iae ? iae : e;
            throw new DecryptionException(
                    "not an svc envelope: " + (cause == e ? e.getOriginalMessage() : cause.getMessage()), e);
        }
    }

    private static void require(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("envelope field '" + field + "' is missing");
        }
    }
}
