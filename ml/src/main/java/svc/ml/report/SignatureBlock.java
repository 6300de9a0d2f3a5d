package svc.ml.report;

import java.time.Instant;

/**
 * A detached signature printed on the audit PDF's last page. The signature is made by the
 * governance module over {@link AuditPdfWriter#bytesToSign}, the rendering without this block.
 *
 * @param signer       who or what signed (person, service account, KMS key owner)
 * @param algorithm    e.g. {@code Ed25519}
 * @param keyId        the key's id or fingerprint
 * @param signatureHex the signature, hex-encoded
 * @param signedAt     when it was made
 */
public record SignatureBlock(String signer, String algorithm, String keyId, String signatureHex, Instant signedAt) {

    public SignatureBlock {
        if (signatureHex == null || !signatureHex.matches("[0-9a-fA-F]+")) {
            throw new IllegalArgumentException("signature block: signature_hex must be non-empty hex");
        }
    }
}
