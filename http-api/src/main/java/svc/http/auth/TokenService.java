package svc.http.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import java.util.regex.Pattern;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;

/**
 * Issues and checks the API's HS256 tokens (claims {@code sub}, {@code role}, {@code iat},
 * {@code exp}, {@code jti}). Only HS256 is accepted: {@code alg: none} and every other algorithm,
 * a bad signature, an expired or malformed token are all 401.
 */
public final class TokenService {

    public static final Duration LIFETIME = Duration.ofHours(24);
    private static final Pattern COMPACT_JWS = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    private final JwtKeys keys;
    private final Clock clock;

    public TokenService(JwtKeys keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    public String issue(String subject, Role role) {
        return issue(subject, role, null);
    }

    /**
     * A token for the dashboard's session cookie: it also carries the session's CSRF token
     * ({@code csrf} claim), so a request's {@code X-CSRF-Token} must match the session it rides
     * on, not only a cookie that another site might have planted.
     */
    public String issueSession(String subject, Role role, String csrf) {
        return issue(subject, role, csrf);
    }

    private String issue(String subject, Role role, String csrf) {
        Instant now = clock.instant();
        JWTClaimsSet.Builder builder = new JWTClaimsSet.Builder()
                .subject(subject)
                .claim("role", role.wireName())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(LIFETIME)))
                .jwtID(UUID.randomUUID().toString());
        if (csrf != null) {
            builder.claim("csrf", csrf);
        }
        JWTClaimsSet claims = builder.build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(new MACSigner(keys.current()));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token: " + e.getMessage(), e);
        }
        return jwt.serialize();
    }

    /**
     * A verified token: who it stands for, until when, and the CSRF token of a session token
     * (null on other tokens).
     */
    public record Verified(Caller caller, Instant expires, String csrf) {}

    /** The caller a token stands for, or a 401 problem saying what is wrong with it. */
    public Caller verify(String token) {
        return check(token).caller();
    }

    /** Whether a token verified earlier has not expired since. */
    public boolean stillValid(Verified verified) {
        return verified.expires().isAfter(clock.instant());
    }

    /** Verifies a token (HS256 only, current or previous secret, not expired, sub and role present). */
    public Verified check(String token) {
        // Three base64url parts and nothing else: the library also decodes '+' and '/', so without this
        // one token would have several spellings (and a revocation by spelling could be sidestepped).
        if (token == null || !COMPACT_JWS.matcher(token).matches()) {
            throw ApiProblem.unauthorized("the bearer token is not a signed JWT");
        }
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(token);
        } catch (ParseException | RuntimeException e) {
            // A header that is JSON null made the library throw NullPointerException (found by TokenPropertyTest).
            throw ApiProblem.unauthorized("the bearer token is not a signed JWT");
        }
        if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm())) {
            throw ApiProblem.unauthorized("the bearer token must be signed with HS256, not "
                    + jwt.getHeader().getAlgorithm());
        }
        if (!signedWith(jwt, keys.current())
                && keys.previous().map(p -> !signedWith(jwt, p)).orElse(true)) {
            throw ApiProblem.unauthorized("the bearer token's signature does not verify");
        }
        try {
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Date exp = claims.getExpirationTime();
            if (exp == null || !exp.toInstant().isAfter(clock.instant())) {
                throw ApiProblem.unauthorized("the bearer token has expired; log in again or refresh it");
            }
            String subject = claims.getSubject();
            String role = claims.getStringClaim("role");
            if (subject == null || subject.isBlank() || role == null) {
                throw ApiProblem.unauthorized("the bearer token lacks its sub or role claim");
            }
            return new Verified(
                    new Caller(subject, Role.fromWire(role), null), exp.toInstant(), claims.getStringClaim("csrf"));
        } catch (ParseException | IllegalArgumentException | NullPointerException | ClassCastException e) {
            throw ApiProblem.unauthorized("the bearer token's claims are malformed");
        }
    }

    private static boolean signedWith(SignedJWT jwt, byte[] secret) {
        try {
            return jwt.verify(new MACVerifier(secret));
        } catch (JOSEException e) {
            return false;
        }
    }
}
