package svc.config.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Issue 18, item 3: any text given as the settings file is answered with a {@link SettingsResult}
 * (valid, or invalid with its problems); parsing never throws and never hangs.
 */
class SettingsFilePropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static void answers(String text) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            SettingsResult r = SettingsFile.parse(text);
            assertThat(r).isNotNull();
            if (r instanceof SettingsResult.Invalid invalid) {
                assertThat(invalid.problems()).isNotEmpty();
            }
        });
    }

    @Property(tries = 500)
    void anyText(@ForAll @StringLength(max = 500) String text) {
        answers(text);
    }

    @Property(tries = 1000)
    void settingsShapedJson(@ForAll("settings") String json) {
        answers(json);
    }

    @Provide
    Arbitrary<String> settings() {
        Arbitrary<String> value = Arbitraries.recursive(
                () -> Arbitraries.of(
                        "1",
                        "-1",
                        "0",
                        "2",
                        "1e999",
                        "99999999999999999999",
                        "\"\"",
                        "\"x\"",
                        "\"@/etc/passwd\"",
                        "\"@../x.md\"",
                        "null",
                        "true",
                        "false",
                        "[]",
                        "{}",
                        "\"opus\"",
                        "\"Bash(*)\"",
                        "\"mcp__a__b\"",
                        "\"http://169.254.169.254/\"",
                        "\"\\u0000\""),
                v -> Arbitraries.oneOf(
                        v.list().ofMaxSize(3).map(l -> "[" + String.join(",", l) + "]"),
                        Arbitraries.maps(
                                        Arbitraries.of(
                                                "version",
                                                "agents",
                                                "name",
                                                "prompt",
                                                "model",
                                                "permissions",
                                                "allow",
                                                "deny",
                                                "ask",
                                                "providers",
                                                "kind",
                                                "defaults",
                                                "hooks",
                                                "mcp_servers",
                                                "transport",
                                                "command",
                                                "url",
                                                "env",
                                                "api_key_env",
                                                "max_turns",
                                                "tools",
                                                "unknown"),
                                        v)
                                .ofMaxSize(4)
                                .map(m -> {
                                    StringBuilder b = new StringBuilder("{");
                                    m.forEach((k, x) -> b.append(b.length() > 1 ? "," : "")
                                            .append('"')
                                            .append(k)
                                            .append("\":")
                                            .append(x));
                                    return b.append('}').toString();
                                })),
                4);
        return value.map(v -> v.startsWith("{") ? "{\"version\": 2," + v.substring(1) : v);
    }
}
