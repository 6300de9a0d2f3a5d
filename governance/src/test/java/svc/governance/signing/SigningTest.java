package svc.governance.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigningTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T01:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private Path artefact(String content) throws Exception {
        Path pdf = dir.resolve("audit.pdf");
        Files.writeString(pdf, content);
        return pdf;
    }

    @Test
    void ed25519SignVerifyAndKeyFilesRoundTrip() throws Exception {
        Ed25519Signer signer = Ed25519Signer.generate(dir.resolve("keys"), CLOCK);
        byte[] data = "report".getBytes(StandardCharsets.UTF_8);
        SignatureResult r = signer.sign(data);
        assertThat(r.signed()).isTrue();
        assertThat(r.algorithm()).isEqualTo("Ed25519");
        assertThat(r.signature()).hasSize(64);
        assertThat(r.signedAt()).isEqualTo(CLOCK.instant());
        assertThat(Ed25519Signer.verify(data, r.signature(), signer.publicKey()))
                .isTrue();
        assertThat(Ed25519Signer.verify("report!".getBytes(StandardCharsets.UTF_8), r.signature(), signer.publicKey()))
                .isFalse();

        Ed25519Signer reloaded = Ed25519Signer.load(dir.resolve("keys"), CLOCK);
        assertThat(reloaded.publicKey()).isEqualTo(signer.publicKey());
        assertThat(Ed25519Signer.verify(data, reloaded.sign(data).signature(), signer.publicKey()))
                .isTrue();
        assertThat(Files.readString(dir.resolve("keys/" + Ed25519Signer.PUBLIC_FILE)))
                .startsWith("-----BEGIN PUBLIC KEY-----");
        assertThat(PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(dir.resolve("keys/" + Ed25519Signer.PRIVATE_FILE))))
                .isEqualTo("rw-------");
        assertThatThrownBy(() -> Ed25519Signer.generate(dir.resolve("keys"), CLOCK))
                .hasMessageContaining("already exists");
    }

    @Test
    void wrongKeyFails() {
        Ed25519Signer a = Ed25519Signer.generate(dir.resolve("a"), CLOCK);
        Ed25519Signer b = Ed25519Signer.generate(dir.resolve("b"), CLOCK);
        byte[] data = {1, 2, 3};
        assertThat(Ed25519Signer.verify(data, a.sign(data).signature(), b.publicKey()))
                .isFalse();
    }

    @Test
    void receiptRoundTripAndVerification() throws Exception {
        Ed25519Signer signer = Ed25519Signer.generate(dir.resolve("keys"), CLOCK);
        Path pdf = artefact("%PDF-1.7 audit");
        SigningReceipt written = ArtefactSigning.sign(pdf, signer);
        assertThat(Files.exists(dir.resolve("audit.pdf.sig"))).isTrue();
        assertThat(ArtefactSigning.readReceipt(pdf)).isEqualTo(written);
        assertThat(written.sha256()).isEqualTo(Digests.sha256Hex("%PDF-1.7 audit".getBytes(StandardCharsets.UTF_8)));
        assertThat(written.publicKeyFingerprint()).isEqualTo(Digests.fingerprint(signer.publicKey()));
        String json = Files.readString(dir.resolve("audit.pdf.receipt.json"));
        assertThat(json)
                .contains(
                        "\"signed_at\" : \"2026-11-22T01:00:00Z\"",
                        "\"algorithm\" : \"Ed25519\"",
                        "\"key_id\" : \"ed25519:");

        var ok = ReceiptVerifier.verify(
                pdf, Ed25519Signer.readPublicKey(dir.resolve("keys/" + Ed25519Signer.PUBLIC_FILE)));
        assertThat(ok.valid()).as(ok.reason()).isTrue();
    }

    @Test
    void tamperedFileWrongKeyAndSwappedSignatureFailVerification() throws Exception {
        Ed25519Signer signer = Ed25519Signer.generate(dir.resolve("keys"), CLOCK);
        Ed25519Signer other = Ed25519Signer.generate(dir.resolve("other"), CLOCK);
        Path pdf = artefact("%PDF-1.7 audit");
        ArtefactSigning.sign(pdf, signer);

        var wrongKey = ReceiptVerifier.verify(pdf, other.publicKey());
        assertThat(wrongKey.valid()).isFalse();
        assertThat(wrongKey.reason()).contains("not by the trusted key");

        Files.writeString(pdf, "%PDF-1.7 audit, edited");
        var tampered = ReceiptVerifier.verify(pdf, signer.publicKey());
        assertThat(tampered.valid()).isFalse();
        assertThat(tampered.reason()).contains("file content changed");
        // signature check alone also catches it
        byte[] sig = Base64.getDecoder().decode(ArtefactSigning.readReceipt(pdf).signatureBase64());
        assertThat(Ed25519Signer.verify(pdf, sig, signer.publicKey())).isFalse();
    }

    @Test
    void receiptWithForgedDigestStillFailsOnTheSignature() throws Exception {
        Ed25519Signer signer = Ed25519Signer.generate(dir.resolve("keys"), CLOCK);
        Path pdf = artefact("original");
        ArtefactSigning.sign(pdf, signer);
        Files.writeString(pdf, "forged");
        Path receipt = dir.resolve("audit.pdf.receipt.json");
        Files.writeString(
                receipt,
                Files.readString(receipt)
                        .replace(
                                Digests.sha256Hex("original".getBytes(StandardCharsets.UTF_8)),
                                Digests.sha256Hex("forged".getBytes(StandardCharsets.UTF_8))));
        var v = ReceiptVerifier.verify(pdf, signer.publicKey());
        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).contains("does not verify");
    }

    @Test
    void stubSaysItIsUnsignedAndIsNeverVerified() throws Exception {
        Path pdf = artefact("x");
        SigningReceipt r = ArtefactSigning.sign(pdf, new StubSigner(CLOCK));
        assertThat(r.signed()).isFalse();
        assertThat(r.keyId()).isEqualTo("unsigned");
        assertThat(r.signatureBase64())
                .isEqualTo(Base64.getEncoder().encodeToString(Digests.sha256("x".getBytes(StandardCharsets.UTF_8))));
        Ed25519Signer any = Ed25519Signer.generate(dir.resolve("k"), CLOCK);
        var v = ReceiptVerifier.verify(pdf, any.publicKey());
        assertThat(v.valid()).isFalse();
        assertThat(v.reason()).contains("unsigned");
    }

    @Test
    void missingCosignFailsFastAndStrictModePropagates() {
        String emptyPath = dir.toString();
        var options = new Signers.Options(null, "awskms:///alias/svc", emptyPath, CLOCK);
        assertThatThrownBy(() -> Signers.select("cosign_kms", true, options))
                .isInstanceOf(SigningException.class)
                .hasMessageContaining("cosign_kms is not available: the cosign binary was not found on PATH");
        assertThatThrownBy(() -> Signers.select("cosign_keyless", true, options))
                .hasMessageContaining("cosign_keyless");
        assertThat(Signers.select("cosign_keyless", false, options).driver()).isEqualTo("stub");
        assertThatThrownBy(() -> Signers.select(
                        "ed25519", true, new Signers.Options(dir.resolve("none"), null, emptyPath, CLOCK)))
                .hasMessageContaining("no key pair in");
        assertThatThrownBy(() -> Signers.create("gpg", options)).hasMessageContaining("unknown signing driver");
    }

    @Test
    void cosignKeylessIsDrivenThroughItsCommandLineAndRecordsTheTlogIndex() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fake = bin.resolve("cosign");
        Files.writeString(
                fake,
                String.join(
                        "\n",
                        "#!/bin/sh",
                        "while [ $# -gt 0 ]; do",
                        "  case \"$1\" in",
                        "    --output-signature) echo 'ZmFrZS1zaWc=' > \"$2\"; shift;;",
                        "    --output-certificate) printf -- '-----BEGIN CERTIFICATE-----\\nx\\n-----END "
                                + "CERTIFICATE-----\\n' > \"$2\"; shift;;",
                        "  esac; shift",
                        "done",
                        "echo 'tlog entry created with index: 123456' >&2",
                        ""));
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        Signer signer = Signers.create("cosign_keyless", new Signers.Options(null, null, bin.toString(), CLOCK));
        Path pdf = artefact("pdf");
        SigningReceipt r = ArtefactSigning.sign(pdf, signer);
        assertThat(r.tlogIndex()).isEqualTo(123456L);
        assertThat(r.signatureBase64()).isEqualTo("ZmFrZS1zaWc=");
        assertThat(Files.readString(dir.resolve("audit.pdf.pem"))).startsWith("-----BEGIN CERTIFICATE-----");
    }

    @Test
    void signOrWarnKeepsGoingWhenCosignFails() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fake = bin.resolve("cosign");
        Files.writeString(fake, "#!/bin/sh\necho 'error: no identity token' >&2\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        Signer signer = Signers.create("cosign_keyless", new Signers.Options(null, null, bin.toString(), CLOCK));
        Path pdf = artefact("pdf");
        assertThatThrownBy(() -> ArtefactSigning.sign(pdf, signer))
                .hasMessageContaining("exited with 1")
                .hasMessageContaining("no identity token");
        assertThat(ArtefactSigning.signOrWarn(pdf, signer)).isEmpty();
        assertThat(Files.readString(pdf)).isEqualTo("pdf");
        assertThat(Files.exists(dir.resolve("audit.pdf.receipt.json"))).isFalse();
    }

    @Test
    void writeSignedReplacesTheFileAndItsSidecarsTogetherOrNotAtAll() throws Exception {
        Ed25519Signer ed25519 = Ed25519Signer.generate(dir.resolve("keys"), CLOCK);
        Path pdf = dir.resolve("audit.pdf");
        SigningReceipt first = ArtefactSigning.writeSigned(pdf, "v1".getBytes(StandardCharsets.UTF_8), ed25519)
                .orElseThrow();
        assertThat(Files.readString(pdf)).isEqualTo("v1");
        assertThat(ArtefactSigning.readReceipt(pdf)).isEqualTo(first);
        assertThat(first.sha256()).isEqualTo(Digests.sha256Hex(pdf));
        assertThat(first.file()).isEqualTo("audit.pdf");

        // The disk fills while signing (the signature's read or a sidecar's write): v1 and its receipt stay.
        Signer diskFull = new Signer() {
            @Override
            public String driver() {
                return "ed25519";
            }

            @Override
            public SignatureResult sign(byte[] data) {
                throw new UncheckedIOException(new IOException("No space left on device"));
            }
        };
        assertThatThrownBy(() -> ArtefactSigning.writeSigned(pdf, "v2".getBytes(StandardCharsets.UTF_8), diskFull))
                .hasMessageContaining("No space left on device");
        assertThat(Files.readString(pdf)).isEqualTo("v1");
        assertThat(ArtefactSigning.readReceipt(pdf)).isEqualTo(first);

        // Signing fails otherwise: the file is written unsigned, and v1's sidecars, which no longer match, go.
        Signer broken = new Signer() {
            @Override
            public String driver() {
                return "ed25519";
            }

            @Override
            public SignatureResult sign(byte[] data) {
                throw SigningException.failed("the key is not readable", null);
            }
        };
        assertThat(ArtefactSigning.writeSigned(pdf, "v3".getBytes(StandardCharsets.UTF_8), broken))
                .isEmpty();
        assertThat(Files.readString(pdf)).isEqualTo("v3");
        assertThat(dir.resolve("audit.pdf.receipt.json")).doesNotExist();
        assertThat(dir.resolve("audit.pdf.sig")).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void hmacSha256MatchesRfc4231() {
        // RFC 4231, test case 2
        assertThat(Digests.hmacSha256Hex(
                        "Jefe".getBytes(StandardCharsets.UTF_8),
                        "what do ya want for nothing?".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    }
}
