package svc.cli.auth;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import svc.cli.CliException;
import svc.cli.ExitCodes;

/**
 * What a cached token says about its holder, read without checking the signature (only the
 * server can, and it will on the next call): subject, role and validity.
 *
 * @param expiresAt null when the token has no expiry
 */
public record TokenClaims(String subject, String role, Instant issuedAt, Instant expiresAt) {

    /** Reads the claims of a JWT; anything else is an auth error saying to log in again. */
    public static TokenClaims decode(String token) {
        try {
            JWTClaimsSet claims = JWTParser.parse(token).getJWTClaimsSet();
            return new TokenClaims(
                    claims.getSubject(),
                    claims.getStringClaim("role"),
                    instant(claims.getIssueTime()),
                    instant(claims.getExpirationTime()));
        } catch (ParseException e) {
            throw new CliException(
                    ExitCodes.AUTH,
                    "the cached token is not a JWT (" + e.getMessage() + "); log in again with: svc login");
        }
    }

    public boolean expiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
