package svc.governance.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SecretRedactorTest {

    @Test
    void hasThirteenPatterns() {
        assertThat(SecretRedactor.defaultPatterns()).hasSize(13);
    }

    @Test
    void theReplacementIsTheFirstEightHexOfTheSha256OfTheSecret() {
        // printf %s AKIAIOSFODNN7EXAMPLE | sha256sum -> computed outside Java
        assertThat(SecretRedactor.redact("key AKIAIOSFODNN7EXAMPLE in use"))
                .isEqualTo("key [REDACTED_SECRET_" + AKIA_SHA8 + "] in use");
    }

    static final String AKIA_SHA8 = "1a5d44a2";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "aws_access_key_id | id=AKIAIOSFODNN7EXAMPLE | AKIAIOSFODNN7EXAMPLE",
                "aws_secret_access_key | aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY | "
                        + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "github_token | token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 ok | "
                        + "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789",
                "github_oauth | gho_16C7e42F292c6912E7710c838347Ae178B4a here | "
                        + "gho_16C7e42F292c6912E7710c838347Ae178B4a",
                "github_fine_grained_pat | github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv | "
                        + "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv",
                "slack | slack xoxb-123456789012-abcdefghij done | xoxb-123456789012-abcdefghij",
                "stripe | stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc | sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                "google | key=AIzaSyA1234567890abcdefghijklmnopqrstuv | AIzaSyA1234567890abcdefghijklmnopqrstuv",
                "jwt | jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
                        + "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end | "
                        + "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
                        + "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                "anthropic | ANTHROPIC_API_KEY is sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 | "
                        + "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
                "openai | using sk-proj-abcdefghijklmnopqrstuvwxyz0123 now | sk-proj-abcdefghijklmnopqrstuvwxyz0123",
                "bearer | Authorization: Bearer abc.def-ghi_123 | abc.def-ghi_123",
                "password | login password=hunter22 ok | hunter22",
                "api_key json | {\"api_key\": \"k-123-xyz\"} | k-123-xyz",
                "secret | secret: s3cr3t; next | s3cr3t",
                "env-style name | MY_SERVICE_PASSWORD=hunter22 | hunter22"
            })
    void eachPatternReplacesTheSecretOnly(String id, String text, String secret) {
        String redacted = SecretRedactor.redact(text);
        assertThat(redacted)
                .as(id)
                .doesNotContain(secret)
                .contains(SecretRedactor.placeholder(secret))
                .isEqualTo(text.replace(secret, SecretRedactor.placeholder(secret)));
    }

    @Test
    void privateKeyBlocksAreRedactedWhole() {
        String text = "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----\nafter";
        String block = text.substring(5, text.indexOf("\nafter"));
        assertThat(SecretRedactor.redact(text)).isEqualTo("key:\n" + SecretRedactor.placeholder(block) + "\nafter");
    }

    @Test
    void entropyFallbackCatchesUnknownRandomTokens() {
        String token = "Zx9Qw3Er7Ty1Ui5Op8As2Df6Gh0Jk4LmNbVc";
        assertThat(token.length()).isGreaterThanOrEqualTo(32);
        assertThat(SecretRedactor.shannonEntropy(token)).isGreaterThanOrEqualTo(4.2);
        assertThat(SecretRedactor.redact("session " + token)).isEqualTo("session " + SecretRedactor.placeholder(token));
    }

    @Test
    void entropyIsComputedInBitsPerCharacter() {
        assertThat(SecretRedactor.shannonEntropy("aaaa")).isEqualTo(0.0);
        assertThat(SecretRedactor.shannonEntropy("abcd")).isEqualTo(2.0);
        assertThat(SecretRedactor.shannonEntropy("abcdefghijklmnopqrstuvwxyzABCDEF"))
                .isEqualTo(5.0);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "commit 3e66dc68d1f4cae7d398dcce076a0525ec69d053eb846a240416439e2e8258f4",
                "run 550e8400-e29b-41d4-a716-446655440000 started",
                "short token aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0z",
                "wrote /home/runner/work/svc/runs/3f2a9c1b-7d4e/conversations",
                "tokens=1234 iteration=3 duration_ms=52",
                "The model reached accuracy 0.91 on the held-out split."
            })
    void ordinaryLogLinesAreLeftAlone(String line) {
        assertThat(SecretRedactor.redact(line)).isEqualTo(line);
    }

    @Test
    void redactionIsIdempotent() {
        String once =
                SecretRedactor.redact("password=hunter22 Bearer abcdefghijk sk-ant-api03-abcdefghijklmnopqrstuvwxyz");
        assertThat(SecretRedactor.redact(once)).isEqualTo(once);
    }

    @Test
    void nullAndEmptyPassThrough() {
        assertThat(SecretRedactor.redact(null)).isNull();
        assertThat(SecretRedactor.redact("")).isEmpty();
    }
}
