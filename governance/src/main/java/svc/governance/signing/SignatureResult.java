package svc.governance.signing;

import java.time.Instant;
import java.util.Base64;

/**
 * What a {@link Signer} produced.
 *
 * @param driver               the driver that signed ({@code stub}, {@code ed25519}, ...)
 * @param algorithm            signature algorithm, or {@code none} for the stub
 * @param keyId                identifier of the signing key ({@code unsigned} for the stub)
 * @param publicKeyFingerprint {@code SHA256:<hex>} of the public key's DER, {@code null} when unknown
 * @param signatureBase64      the signature (for the stub: the SHA-256 digest), base64
 * @param signedAt             when
 * @param tlogIndex            transparency-log index (cosign keyless), else {@code null}
 * @param certificatePem       signing certificate (cosign keyless), else {@code null}
 * @param signed               false for the stub: nothing here proves who produced the file
 */
public record SignatureResult(
        String driver,
        String algorithm,
        String keyId,
        String publicKeyFingerprint,
        String signatureBase64,
        Instant signedAt,
        Long tlogIndex,
        String certificatePem,
        boolean signed) {

    public byte[] signature() {
        return Base64.getDecoder().decode(signatureBase64);
    }
}
