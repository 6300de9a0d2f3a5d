package svc.governance.erasure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import svc.config.Json;

/**
 * The receipt of a subject erasure (G15). {@code signature} is the SHA-256 (hex) of the receipt's
 * canonical JSON: every other field, keys sorted, timestamps in ISO-8601 UTC. It proves the
 * receipt was not altered after it was issued as long as the signature itself is kept apart (in
 * the audit log); it is a hash, not a keyed signature, exactly as the spec defines it.
 *
 * @param subjectId   the erased subject
 * @param dryRun      true for a preview: the counts are what <em>would</em> be deleted
 * @param counts      per kind
 * @param requestedAt when the request arrived
 * @param completedAt when the work (or the preview) finished
 * @param signature   hex SHA-256 over {@link #canonicalJson()}
 */
public record ErasureReceipt(
        @JsonProperty("subject_id") String subjectId,
        @JsonProperty("dry_run") boolean dryRun,
        @JsonProperty("counts") ErasureCounts counts,
        @JsonProperty("requested_at") Instant requestedAt,
        @JsonProperty("completed_at") Instant completedAt,
        @JsonProperty("signature") String signature) {

    public ErasureReceipt {
        InvalidSubjectIdException.requireValid(subjectId);
        Objects.requireNonNull(counts, "erasure receipt: counts are missing");
        Objects.requireNonNull(requestedAt, "erasure receipt: requested_at is missing");
        Objects.requireNonNull(completedAt, "erasure receipt: completed_at is missing");
    }

    /** A receipt with its signature computed. */
    public static ErasureReceipt issue(
            String subjectId, boolean dryRun, ErasureCounts counts, Instant requestedAt, Instant completedAt) {
        ErasureReceipt unsigned = new ErasureReceipt(subjectId, dryRun, counts, requestedAt, completedAt, null);
        return new ErasureReceipt(subjectId, dryRun, counts, requestedAt, completedAt, unsigned.computeSignature());
    }

    /** True when {@code signature} is the hash of the other fields as they are now. */
    public boolean verify() {
        return signature != null
                && MessageDigest.isEqual(
                        signature.getBytes(StandardCharsets.US_ASCII),
                        computeSignature().getBytes(StandardCharsets.US_ASCII));
    }

    /** The sorted-key JSON that is hashed: every field except {@code signature}. */
    @JsonIgnore
    public String canonicalJson() {
        Map<String, Object> c = new TreeMap<>();
        c.put("conversation_lines_tombstoned", counts.conversationLinesTombstoned());
        c.put("dataset_rows", counts.datasetRows());
        c.put("files_touched", counts.filesTouched());
        c.put("models_nulled", counts.modelsNulled());
        Map<String, Object> m = new TreeMap<>();
        m.put("completed_at", completedAt.toString());
        m.put("counts", c);
        m.put("dry_run", dryRun);
        m.put("requested_at", requestedAt.toString());
        m.put("subject_id", subjectId);
        try {
            return Json.MAPPER.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("erasure receipt cannot be written as JSON", e);
        }
    }

    private String computeSignature() {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(canonicalJson().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
