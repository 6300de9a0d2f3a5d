package svc.persistence.users;

import java.time.Instant;

/**
 * One API user. The role is kept as its wire name ({@code viewer}, {@code operator},
 * {@code admin}); the hash is a bcrypt string, never the password.
 */
public record UserRow(String email, String passwordHash, String role, Instant createdAt, String createdBy) {}
