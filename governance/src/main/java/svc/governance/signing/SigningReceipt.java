package svc.governance.signing;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * The sidecar {@code <file>.receipt.json}: what was signed (file name and SHA-256), how, by which
 * key, and the signature itself, so an auditor holding only the public key can check the file.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SigningReceipt(
        @JsonProperty("file") String file,
        @JsonProperty("sha256") String sha256,
        @JsonProperty("driver") String driver,
        @JsonProperty("algorithm") String algorithm,
        @JsonProperty("key_id") String keyId,
        @JsonProperty("public_key_fingerprint") String publicKeyFingerprint,
        @JsonProperty("signed_at") Instant signedAt,
        @JsonProperty("signature") String signatureBase64,
        @JsonProperty("tlog_index") Long tlogIndex,
        @JsonProperty("signed") boolean signed) {}
