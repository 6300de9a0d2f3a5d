package svc.cli.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.cli.ExitCodes;
import svc.cli.Main;
import svc.governance.signing.ArtefactSigning;
import svc.governance.signing.Ed25519Signer;

class AuditVerifyTest {

    @TempDir
    Path dir;

    private int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void aSignedFileVerifiesAndATamperedOneDoesNot() throws Exception {
        Path keys = dir.resolve("keys");
        Ed25519Signer signer = Ed25519Signer.generate(keys, Clock.systemUTC());
        Path pdf = Files.writeString(dir.resolve("audit.pdf"), "%PDF-1.7 the audit");
        ArtefactSigning.sign(pdf, signer);

        StringWriter out = new StringWriter();
        assertThat(run(out, new StringWriter(), "audit", "verify", pdf.toString(), "--key-dir", keys.toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).startsWith("verified: ");

        Files.writeString(pdf, "%PDF-1.7 the audit, changed");
        StringWriter err = new StringWriter();
        assertThat(run(new StringWriter(), err, "audit", "verify", pdf.toString(), "--key-dir", keys.toString()))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).contains("does NOT verify");
    }

    @Test
    void anotherKeyDoesNotVerifyAndAMissingFileIsAUsageError() throws Exception {
        Path keys = dir.resolve("keys");
        Ed25519Signer signer = Ed25519Signer.generate(keys, Clock.systemUTC());
        Path other = dir.resolve("other");
        Ed25519Signer.generate(other, Clock.systemUTC());
        Path pdf = Files.writeString(dir.resolve("audit.pdf"), "%PDF-1.7");
        ArtefactSigning.sign(pdf, signer);
        assertThat(run(
                        new StringWriter(),
                        new StringWriter(),
                        "audit",
                        "verify",
                        pdf.toString(),
                        "--key-dir",
                        other.toString()))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(run(
                        new StringWriter(),
                        new StringWriter(),
                        "audit",
                        "verify",
                        dir.resolve("none.pdf").toString(),
                        "--key-dir",
                        keys.toString()))
                .isEqualTo(ExitCodes.USAGE);
    }
}
