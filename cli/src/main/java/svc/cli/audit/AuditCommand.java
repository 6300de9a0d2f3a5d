package svc.cli.audit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.governance.signing.Ed25519Signer;
import svc.governance.signing.ReceiptVerifier;

/**
 * {@code svc audit verify}: checks a signed artefact (the audit PDF) against a trusted key;
 * {@code svc audit log}: the admin actions of {@code GET /api/v1/audit}.
 */
@Command(
        name = "audit",
        description = "Audit: verify a signed audit PDF; list the admin actions the server recorded.",
        subcommands = {AuditCommand.Verify.class, LogCommand.class},
        footer = {
            "",
            "Example:",
            "  svc audit verify ~/.svc/data/runs/<run_id>/audit.pdf --key-dir ~/.svc/data/keys/audit",
            "  svc audit log --table"
        })
public final class AuditCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }

    /** Verifies the detached Ed25519 signature and receipt next to an artefact. */
    @Command(
            name = "verify",
            description =
                    "Verify <file>.sig and <file>.receipt.json against the public key in --key-dir (never a key taken "
                            + "from the receipt).",
            footer = {"", "Example:", "  svc audit verify runs/run-1234/audit.pdf --key-dir ~/.svc/data/keys/audit"})
    public static final class Verify implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", description = "The signed file, e.g. a run's audit.pdf.")
        Path file;

        @Option(
                names = "--key-dir",
                required = true,
                description =
                        "Directory holding the trusted Ed25519 key pair (svc keeps it under $SVC_HOME/keys/audit).")
        Path keyDir;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(file)) {
                throw new CliException(ExitCodes.USAGE, "no file " + file);
            }
            Ed25519Signer trusted;
            try {
                trusted = Ed25519Signer.load(keyDir, Clock.systemUTC());
            } catch (RuntimeException e) {
                throw new CliException(ExitCodes.USAGE, "no usable key in " + keyDir + ": " + e.getMessage());
            }
            ReceiptVerifier.Verification v = ReceiptVerifier.verify(file, trusted.publicKey());
            if (!v.valid()) {
                spec.commandLine().getErr().println("svc: " + file + " does NOT verify: " + v.reason());
                return ExitCodes.FAILURE;
            }
            spec.commandLine().getOut().println("verified: " + file + " (" + v.reason() + ")");
            return ExitCodes.OK;
        }
    }
}
