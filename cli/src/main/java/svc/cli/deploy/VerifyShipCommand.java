package svc.cli.deploy;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.deployments.ship.ShipSigning;
import svc.governance.signing.Ed25519Signer;

/** {@code svc deploy verify}: a shipped tarball's and SBOM's signatures, and the SBOM's digests. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Verify a shipped tarball: its signature, its SBOM's signature, the SBOM's SHA-256 of the tarball and of",
            "every entry. Reads <tarball>.sig/.receipt.json and svc-<customer>-<version>.cdx.json (+ .sig,",
            ".receipt.json) beside it. Trusts only the public key given with --key; every failed check is one",
            "line on stderr and the exit code is 1."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy verify dist/svc-acme_bank-1.4.0.tar.gz --key=keys/ship/signing-ed25519.pub"
        })
public final class VerifyShipCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TARBALL", description = "The shipped svc-<customer>-<version>.tar.gz.")
    private Path tarball;

    @Option(
            names = "--key",
            required = true,
            paramLabel = "FILE|DIR",
            description = "The trusted Ed25519 public key (PEM), or a key directory holding "
                    + Ed25519Signer.PUBLIC_FILE + ".")
    private Path key;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(tarball)) {
            throw new CliException(ExitCodes.USAGE, "no file " + tarball);
        }
        Path pem = Files.isDirectory(key) ? key.resolve(Ed25519Signer.PUBLIC_FILE) : key;
        PublicKey trusted;
        try {
            trusted = Ed25519Signer.readPublicKey(pem);
        } catch (RuntimeException e) {
            throw new CliException(ExitCodes.USAGE, "no usable public key at " + pem + ": " + e.getMessage());
        }
        ShipSigning.Verification v = ShipSigning.verify(tarball, trusted);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        v.passed().forEach(line -> out.println("ok: " + line));
        v.failures().forEach(line -> err.println("svc: FAILED: " + line));
        if (!v.valid()) {
            err.println("svc: " + tarball + " does NOT verify (" + v.failures().size() + " failed check(s))");
            return ExitCodes.FAILURE;
        }
        out.println("verified: " + tarball);
        return ExitCodes.OK;
    }
}
