package svc.cli.deploy;

import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.governance.signing.Digests;
import svc.governance.signing.Ed25519Signer;

/** {@code svc deploy keygen}: a new Ed25519 key pair for signing ships; never overwrites one. */
@Command(
        name = "keygen",
        mixinStandardHelpOptions = true,
        description = {
            "Create an Ed25519 key pair in DIR (" + Ed25519Signer.PRIVATE_FILE + ", mode 0600, and "
                    + Ed25519Signer.PUBLIC_FILE + ") for svc deploy ship --key-dir; refuses to overwrite a key."
        },
        footer = {"", "Examples:", "  svc deploy keygen keys/ship"})
public final class KeygenCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Directory to create the key pair in.")
    private Path dir;

    @Override
    public Integer call() {
        Ed25519Signer signer;
        try {
            signer = Ed25519Signer.generate(dir, Clock.systemUTC());
        } catch (RuntimeException e) {
            throw new CliException(ExitCodes.FAILURE, e.getMessage());
        }
        spec.commandLine()
                .getOut()
                .println("wrote " + dir.resolve(Ed25519Signer.PUBLIC_FILE) + " ("
                        + Digests.fingerprint(signer.publicKey()) + ") and " + dir.resolve(Ed25519Signer.PRIVATE_FILE));
        return ExitCodes.OK;
    }
}
