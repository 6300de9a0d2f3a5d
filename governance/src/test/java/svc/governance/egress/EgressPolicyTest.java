package svc.governance.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EgressPolicyTest {

    /** An allowlist that lets everything public through, so only the blocklist can deny. */
    private final EgressPolicy open = new EgressPolicy(EgressAllowlist.parse(
            "*, *.*, *.*.*, *.*.*.*, example.com, 8.8.8.8, 127.0.0.1, 10.0.0.5, localhost, [::1]"));

    private final EgressPolicy strict =
            new EgressPolicy(EgressAllowlist.parse("api.openai.com, *.example.com, files-?.corp.net, api-*.vendor.io"));

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // canonical and non-canonical spellings of loopback
                "http://127.0.0.1/                 | 127.0.0.1",
                "http://127.0.0.1:8080/admin        | 127.0.0.1",
                "http://2130706433/                 | 127.0.0.1",
                "http://0x7f000001/                 | 127.0.0.1",
                "http://0X7F000001/                 | 127.0.0.1",
                "http://0x7f.0.0.1/                 | 127.0.0.1",
                "http://0x7f.0x0.0x0.0x1/           | 127.0.0.1",
                "http://0177.0.0.1/                 | 127.0.0.1",
                "http://0177.0000.0000.0001/        | 127.0.0.1",
                "http://017700000001/               | 127.0.0.1",
                "http://127.1/                      | 127.0.0.1",
                "http://127.0.1/                    | 127.0.0.1",
                "http://127.000.000.001/            | 127.0.0.1",
                "http://127.0.0.1./                 | 127.0.0.1",
                "http://%31%32%37.0.0.1/            | 127.0.0.1",
                "http://１２７.０.０.１/              | 127.0.0.1",
                "http://127。0。0。1/                 | 127.0.0.1",
                "http://127.10.20.30/               | 127.10.20.30",
                // private ranges, short forms
                "http://10.1/                       | 10.0.0.1",
                "http://10.0.0.5/                   | 10.0.0.5",
                "http://167772161/                  | 10.0.0.1",
                "http://172.16.0.1/                 | 172.16.0.1",
                "http://172.31.255.255/             | 172.31.255.255",
                "http://192.168.1.1/                | 192.168.1.1",
                "http://0xc0a80101/                 | 192.168.1.1",
                "http://192.168.257/                | 192.168.1.1",
                // link-local and metadata
                "http://169.254.169.254/latest/meta-data/ | 169.254.169.254",
                "http://0xa9fea9fe/                 | 169.254.169.254",
                "http://2852039166/                 | 169.254.169.254",
                "http://169.254.1.1/                | 169.254.1.1",
                // unspecified
                "http://0.0.0.0/                    | 0.0.0.0",
                "http://0/                          | 0.0.0.0",
                "https://0x0/                       | 0.0.0.0"
            })
    void blocksEverySpellingOfAnInternalIpv4Address(String url, String canonical) {
        EgressPolicy.UrlCheck check = open.check(url);
        assertThat(check.allowed()).as(check.reason()).isFalse();
        assertThat(check.reason()).contains(canonical).contains("blocked whatever the allowlist says");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://[::1]/",
                "http://[0:0:0:0:0:0:0:1]/",
                "http://[::]/",
                "http://[::ffff:127.0.0.1]/",
                "http://[::ffff:7f00:1]/",
                "http://[0:0:0:0:0:ffff:7f00:0001]/",
                "http://[::ffff:a9fe:a9fe]/",
                "http://[::ffff:10.0.0.1]:8080/",
                "http://[::127.0.0.1]/",
                "http://[64:ff9b::7f00:1]/",
                "http://[2002:7f00:1::]/",
                "http://[fe80::1]/",
                "http://[fe80::1%25eth0]/",
                "http://[febf::1]/",
                "http://[fc00::1]/",
                "http://[fd12:3456::1]/",
                "http://[fd00:ec2::254]/",
                "http://[ff02::1]/"
            })
    void blocksInternalIpv6AndEmbeddedIpv4(String url) {
        EgressPolicy.UrlCheck check = open.check(url);
        assertThat(check.allowed()).as(url + " -> " + check.reason()).isFalse();
    }

    @Test
    void mappedAddressesNameTheEmbeddedAddressAndCountAsBypassAttempts() {
        EgressPolicy.UrlCheck check = open.check("http://[::ffff:7f00:1]/");
        assertThat(check.reason())
                .isEqualTo("host [::ffff:7f00:1]: IPv4-mapped IPv6 address "
                        + "embedding 127.0.0.1: loopback 127.0.0.0/8 (blocked whatever the allowlist says)");
        assertThat(check.bypassAttempt()).isTrue();
    }

    @Test
    void oddSpellingsAreBypassAttemptsAndPlainOnesAreNot() {
        EgressPolicy.UrlCheck hex = open.check("http://0x7f000001/");
        assertThat(hex.reason()).startsWith("host '0x7f000001' is 127.0.0.1: loopback 127.0.0.0/8");
        assertThat(hex.bypassAttempt()).isTrue();
        EgressPolicy.UrlCheck plain = open.check("http://127.0.0.1/");
        assertThat(plain.reason()).startsWith("host 127.0.0.1: loopback");
        assertThat(plain.bypassAttempt()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://localhost/",
                "http://LOCALHOST:8000/",
                "http://localhost./",
                "http://api.localhost/",
                "http://a.b.localhost/",
                "http://localhost.localdomain/",
                "http://metadata.google.internal/computeMetadata/v1/",
                "http://metadata/",
                "http://instance-data/latest/"
            })
    void blocksLoopbackAndMetadataNames(String url) {
        EgressPolicy.UrlCheck check = open.check(url);
        assertThat(check.allowed()).as(check.reason()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "file:///etc/passwd, file", "file:/etc/passwd, file", "gopher://example.com:70/_x, gopher",
        "dict://example.com:11211/stat, dict", "ftp://example.com/pub, ftp", "ldap://example.com/dc=x, ldap",
        "jar:http://example.com/a.jar!/x, jar", "sftp://example.com/, sftp", "tftp://example.com/x, tftp",
        "netdoc:/etc/passwd, netdoc"
    })
    void onlyHttpAndHttpsSchemesPass(String url, String scheme) {
        EgressPolicy.UrlCheck check = open.check(url);
        assertThat(check.allowed()).isFalse();
        assertThat(check.reason()).isEqualTo("scheme '" + scheme + "' is not allowed (only http and https)");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://api.openai.com/v1/chat", "HTTPS://API.OPENAI.COM/v1", "https://api.openai.com:443/",
                "https://data.example.com/x.csv", "https://a.b.example.com/", "http://files-1.corp.net/",
                "https://api-eu.vendor.io/", "https://user:pw@api.openai.com/"
            })
    void allowlistedHostsPass(String url) {
        EgressPolicy.UrlCheck check = strict.check(url);
        assertThat(check.allowed()).as(check.reason()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://example.com/",
                "https://evil.com/",
                "https://api.openai.com.evil.com/",
                "https://evilexample.com/",
                "http://files-12.corp.net/",
                "https://api.eu.vendor.io/",
                "https://api.openai.com@evil.com/",
                "https://evil.com\\@api.openai.com/",
                "https://8.8.8.8/"
            })
    void hostsOffTheAllowlistAreDeniedLiterally(String url) {
        EgressPolicy.UrlCheck check = strict.check(url);
        assertThat(check.allowed()).as(url).isFalse();
        assertThat(check.reason()).contains("is not on the egress allowlist");
    }

    @Test
    void allowlistedIpLiteralsAreComparedCanonically() {
        EgressPolicy policy = new EgressPolicy(EgressAllowlist.parse("8.8.8.8"));
        assertThat(policy.check("http://8.8.8.8/").allowed()).isTrue();
        assertThat(policy.check("http://134744072/").allowed()).isTrue();
        assertThat(policy.check("http://8.8.4.4/").allowed()).isFalse();
    }

    @Test
    void privateAddressesStayBlockedEvenWhenAllowlisted() {
        EgressPolicy policy = new EgressPolicy(EgressAllowlist.parse("127.0.0.1, localhost, 10.0.0.5"));
        assertThat(policy.check("http://127.0.0.1/").allowed()).isFalse();
        assertThat(policy.check("http://localhost/").allowed()).isFalse();
        assertThat(policy.check("http://10.0.0.5/").allowed()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://256.0.0.1/",
                "http://1.2.3.4.5/",
                "http://0x1g/",
                "http://[::zz]/",
                "http://%zz/",
                "http://exa mple.com/",
                "http:///"
            })
    void unreadableHostsAreDenied(String url) {
        assertThat(strict.check(url).allowed()).isFalse();
    }

    @Test
    void allowlistEntriesMustBeHosts() {
        assertThatThrownBy(() -> EgressAllowlist.parse("api.openai.com, https://x.com/"))
                .hasMessageContaining("SVC_EGRESS_ALLOWLIST entry 'https://x.com/'");
        assertThatThrownBy(() -> EgressAllowlist.parse("x.com:443")).hasMessageContaining("host:port");
        assertThat(EgressAllowlist.parse(" , ").isEmpty()).isTrue();
        assertThat(EgressAllowlist.parse(null).isEmpty()).isTrue();
    }

    @Test
    void aBareHostIsJudgedLikeTheHostOfAUrl() {
        assertThat(strict.checkHost("smtp.example.com").allowed()).isTrue();
        EgressPolicy.UrlCheck other = strict.checkHost("smtp.other.org");
        assertThat(other.allowed()).isFalse();
        assertThat(other.reason()).contains("not on the egress allowlist");
        EgressPolicy.UrlCheck loopback = open.checkHost("0x7f000001");
        assertThat(loopback.allowed()).isFalse();
        assertThat(loopback.reason()).contains("loopback").contains("blocked whatever the allowlist says");
        assertThat(strict.checkHost("bad host").allowed()).isFalse();
    }
}
