package svc.governance.signing;

import java.time.Clock;
import java.util.Base64;

/**
 * No signature: records the SHA-256 digest so a receipt still pins the content, and says plainly
 * ({@code signed=false}, algorithm {@code none}, key {@code unsigned}) that nobody vouches for it.
 */
public final class StubSigner implements Signer {

    private final Clock clock;

    public StubSigner(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String driver() {
        return "stub";
    }

    @Override
    public SignatureResult sign(byte[] data) {
        return new SignatureResult(
                "stub",
                "none (sha256 digest only)",
                "unsigned",
                null,
                Base64.getEncoder().encodeToString(Digests.sha256(data)),
                clock.instant(),
                null,
                null,
                false);
    }
}
