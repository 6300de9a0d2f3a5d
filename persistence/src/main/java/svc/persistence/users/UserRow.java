package svc.persistence.users;

import java.time.Instant;

/**
 * One API user. The role is kept as its wire name ({@code viewer}, {@code operator},
 * {@code admin}); the hash is a bcrypt string, never the password.
 *
 * @param disabled a disabled user's login, session and tokens are refused
 * @param source {@code password} for a user made by an admin or at first boot, {@code oidc} for one
 *     made by single sign-on
 */
public record UserRow(
        String email,
        String passwordHash,
        String role,
        Instant createdAt,
        String createdBy,
        boolean disabled,
        String source) {

    public static final String PASSWORD = "password";
    public static final String OIDC = "oidc";

    /** An enabled user with a password. */
    public UserRow(String email, String passwordHash, String role, Instant createdAt, String createdBy) {
        this(email, passwordHash, role, createdAt, createdBy, false, PASSWORD);
    }
}
