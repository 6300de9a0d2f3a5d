package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;

/**
 * Issue 18, item 3: any bearer token text is a caller or a 401 {@link ApiProblem} saying what is
 * wrong with it, never another exception, never a hang; a token changed in any one character
 * never verifies.
 */
class TokenPropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final byte[] SECRET = "property-secret-property-secret-0123".getBytes(StandardCharsets.UTF_8);
    private static final TokenService TOKENS =
            new TokenService(new JwtKeys(SECRET, Optional.empty()), Clock.systemUTC());
    private static final String GOOD = TOKENS.issue("someone@example.com", Role.OPERATOR);

    private static void callerOr401(String token) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try {
                assertThat(TOKENS.check(token).caller()).isNotNull();
            } catch (ApiProblem expected) {
                assertThat(expected.status()).isEqualTo(401);
            }
        });
    }

    @Property(tries = 1000)
    void anyText(@ForAll @StringLength(max = 400) String token) {
        callerOr401(token);
    }

    @Property(tries = 1000)
    void jwtShapedText(@ForAll("tokens") String token) {
        callerOr401(token);
    }

    @Property(tries = 1000)
    void aTokenChangedInOneCharacterNeverVerifies(
            @ForAll @IntRange(min = 0, max = 10_000) int at, @ForAll("replacements") char c) {
        int i = at % GOOD.length();
        if (GOOD.charAt(i) == c) {
            return;
        }
        String changed = GOOD.substring(0, i) + c + GOOD.substring(i + 1);
        assertTimeoutPreemptively(DEADLINE, () -> {
            try {
                TOKENS.check(changed);
                // Base64url's last character carries padding bits: a change there may decode to the same bytes.
                assertThat(decodesSame(changed)).as(changed).isTrue();
            } catch (ApiProblem expected) {
                assertThat(expected.status()).isEqualTo(401);
            }
        });
    }

    private static boolean decodesSame(String changed) {
        String[] a = GOOD.split("\\.");
        String[] b = changed.split("\\.");
        if (a.length != b.length) {
            return false;
        }
        Base64.Decoder d = Base64.getUrlDecoder();
        for (int i = 0; i < a.length; i++) {
            try {
                if (!Arrays.equals(d.decode(a[i]), d.decode(b[i]))) {
                    return false;
                }
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return true;
    }

    @Provide
    Arbitrary<Character> replacements() {
        return Arbitraries.of('A', 'a', 'z', '0', '9', '-', '_', '.', '=', '+', '/', ' ', 'é');
    }

    @Provide
    Arbitrary<String> tokens() {
        Base64.Encoder e = Base64.getUrlEncoder().withoutPadding();
        Arbitrary<String> header = Arbitraries.of(
                        "{\"alg\":\"HS256\"}",
                        "{\"alg\":\"none\"}",
                        "{\"alg\":\"RS256\"}",
                        "{\"alg\":\"HS512\"}",
                        "{\"alg\":\"HS256\",\"crit\":[\"x\"]}",
                        "{\"alg\":\"HS256\",\"kid\":\"../../jwt-secret\"}",
                        "{}",
                        "[]",
                        "null",
                        "{\"alg\":1}",
                        "not json")
                .map(h -> e.encodeToString(h.getBytes(StandardCharsets.UTF_8)));
        Arbitrary<String> claims = Arbitraries.of(
                        "{\"sub\":\"a\",\"role\":\"admin\",\"exp\":99999999999}",
                        "{\"sub\":\"a\",\"role\":\"root\",\"exp\":99999999999}",
                        "{\"sub\":\"\",\"role\":\"admin\",\"exp\":99999999999}",
                        "{\"sub\":\"a\",\"role\":\"admin\",\"exp\":\"soon\"}",
                        "{\"sub\":\"a\",\"role\":\"admin\",\"exp\":1e999}",
                        "{\"sub\":\"a\",\"role\":\"admin\",\"exp\":-99999999999999999999}",
                        "{\"sub\":[\"a\"],\"role\":{},\"exp\":1}",
                        "{\"sub\":\"a\",\"role\":\"admin\"}",
                        "{}",
                        "[]",
                        "not json")
                .map(c -> e.encodeToString(c.getBytes(StandardCharsets.UTF_8)));
        Arbitrary<String> signature =
                Arbitraries.of("", "x", "AAAA", "====", "!!", GOOD.substring(GOOD.lastIndexOf('.') + 1));
        Arbitrary<String> dots = Arbitraries.of(".", "..", "");
        return Combinators.combine(header, dots, claims, Arbitraries.of(".", ""), signature)
                .as((h, d1, c, d2, s) -> h + d1 + c + d2 + s);
    }
}
