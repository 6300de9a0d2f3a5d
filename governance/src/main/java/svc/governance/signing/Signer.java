package svc.governance.signing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Signs bytes; see {@link Signers} for the drivers. */
public interface Signer {

    String driver();

    /** @throws SigningException when signing fails */
    SignatureResult sign(byte[] data);

    /** Signs a file's content; drivers that sign files natively (cosign) override it. */
    default SignatureResult signFile(Path file) {
        try {
            return sign(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " to sign it", e);
        }
    }
}
