package svc.governance.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Issue 18, item 3: the G1 URL check answers every text with a verdict (never throws, never
 * hangs), a private, loopback or metadata address is never allowed whatever the allowlist says,
 * and an allowlist parses or fails with the documented {@link IllegalArgumentException}.
 */
class EgressPropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(5);
    private static final EgressPolicy POLICY =
            new EgressPolicy(EgressAllowlist.parse("example.com,*.example.org,api-*.vendor.io,10.0.0.1"));

    @Property(tries = 1000)
    void anyTextGetsAVerdict(@ForAll @StringLength(max = 300) String url) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            EgressPolicy.UrlCheck check = POLICY.check(url);
            assertThat(check.reason()).isNotNull();
            POLICY.checkHost(url);
        });
    }

    @Property(tries = 3000)
    void urlShapedTextGetsAVerdictAndPrivateHostsAreNeverAllowed(@ForAll("urls") String url) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            EgressPolicy.UrlCheck check = POLICY.check(url);
            if (check.allowed()) {
                String lower = url.toLowerCase(Locale.ROOT);
                assertThat(lower).containsAnyOf("example.com", "example.org", "vendor.io");
                for (String never : List.of(
                        "169.254.169.254",
                        "127.0.0.1",
                        "[::1]",
                        "0x7f000001",
                        "2130706433",
                        "0177.0.0.1",
                        "localhost",
                        "10.0.0.1",
                        "metadata.google.internal",
                        "[fe80")) {
                    assertThat(lower).doesNotContain(never);
                }
            }
        });
    }

    @Property(tries = 500)
    void anAllowlistParsesOrNamesTheEntry(@ForAll @StringLength(max = 200) String list) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try {
                EgressAllowlist.parse(list);
            } catch (IllegalArgumentException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        });
    }

    @Provide
    Arbitrary<String> urls() {
        Arbitrary<String> scheme = Arbitraries.of("http", "https", "HTTP", "ftp", "file", "gopher", "", "http:");
        Arbitrary<String> slashes = Arbitraries.of("//", "/", "\\\\", "///", "", "/\\");
        Arbitrary<String> user = Arbitraries.of("", "user@", "a:b@", "example.com@", "@", "x@y@");
        Arbitrary<String> host = Arbitraries.of(
                "example.com",
                "EXAMPLE.com.",
                "a.example.org",
                "api-1.vendor.io",
                "10.0.0.1",
                "127.0.0.1",
                "169.254.169.254",
                "[::1]",
                "[::ffff:127.0.0.1]",
                "[fe80::1%25eth0]",
                "0x7f000001",
                "2130706433",
                "0177.0.0.1",
                "localhost",
                "xn--e1afmkfd.example.com",
                "exa mple.com",
                "",
                "[",
                "]",
                "[::",
                "999.999.999.999",
                "%31%32%37.0.0.1",
                "ex\u0000ample.com",
                "é.example.com",
                "metadata.google.internal");
        Arbitrary<String> port = Arbitraries.of("", ":80", ":0", ":65536", ":-1", ":x", ":99999999999999999999", ":");
        Arbitrary<String> rest =
                Arbitraries.of("", "/", "/path?q=1#f", "?@evil.com", "#@evil.com", "\\@evil.com", "/%2e%2e/");
        return Combinators.combine(scheme, slashes, user, host, port, rest)
                .as((s, sl, u, h, p, r) -> s + ":" + sl + u + h + p + r);
    }
}
