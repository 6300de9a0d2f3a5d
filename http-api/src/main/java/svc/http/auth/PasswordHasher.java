package svc.http.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;

/** bcrypt with 12 rounds, as the spec asks. Slow on purpose: call it off the request threads. */
public final class PasswordHasher {

    public static final int COST = 12;

    /** A fixed hash verified when the user does not exist, so both answers take as long. */
    private final String decoy;

    public PasswordHasher() {
        this.decoy = hash("svc-decoy-password-that-no-user-has");
    }

    public String hash(String password) {
        return BCrypt.withDefaults().hashToString(COST, password.toCharArray());
    }

    public boolean verify(String password, String hash) {
        return BCrypt.verifyer().verify(password.toCharArray(), hash).verified;
    }

    /** Spends the time of one verification, for a login whose user is unknown. */
    public void verifyDecoy(String password) {
        verify(password, decoy);
    }
}
