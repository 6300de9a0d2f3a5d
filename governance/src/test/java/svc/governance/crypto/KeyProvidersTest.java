package svc.governance.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyProvidersTest {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Test
    void envKeyMustBePresentBase64AndThirtyTwoBytes() {
        assertThatThrownBy(() -> KeyProviders.create("env", Map.of(), RANDOM))
                .hasMessageContaining("SVC_KEK is not set");
        assertThatThrownBy(() -> KeyProviders.create("env", Map.of("SVC_KEK", "not base64!"), RANDOM))
                .hasMessageContaining("not valid base64");
        String short16 = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> KeyProviders.create("env", Map.of("SVC_KEK", short16), RANDOM))
                .hasMessageContaining("decodes to 16 bytes")
                .hasMessageContaining("exactly 32");
        KeyProvider ok =
                KeyProviders.create("env", Map.of("SVC_KEK", Base64.getEncoder().encodeToString(new byte[32])), RANDOM);
        assertThat(ok.name()).isEqualTo("env");
        assertThat(ok.keyId()).matches("env:[0-9a-f]{16}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"aws_kms", "gcp_kms", "vault_transit"})
    void remoteProvidersFailFastAndStrictModePropagates(String name) {
        assertThatThrownBy(() -> KeyProviders.select(name, true, Map.of(), RANDOM))
                .isInstanceOf(CryptoUnavailableException.class)
                .hasMessageContaining(name + " is not available in this deployment: no network access to");
        assertThat(KeyProviders.select(name, false, Map.of(), RANDOM).name()).isEqualTo("stub");
    }

    @Test
    void stubWorksButIsNamedAsStubAndUnknownNamesAreRefused() {
        KeyProvider stub = KeyProviders.create("stub", Map.of(), RANDOM);
        assertThat(stub.keyId()).startsWith("stub:");
        var cipher = new EnvelopeCipher(stub);
        assertThat(cipher.decrypt(cipher.encrypt(new byte[] {1, 2}, Map.of()), Map.of()))
                .containsExactly(1, 2);
        assertThatThrownBy(() -> KeyProviders.create("kms", Map.of(), RANDOM))
                .hasMessageContaining("unknown")
                .hasMessageContaining("vault_transit");
    }

    @Test
    void atRestDriversThatAreNotBuiltAreRefusedWhateverTheStrictness() {
        assertThat(AtRestDriver.select("sqlite_host_fs_only")).isEqualTo(AtRestDriver.SQLITE_HOST_FS_ONLY);
        assertThatThrownBy(() -> AtRestDriver.select("postgres_pgcrypto"))
                .isInstanceOf(CryptoUnavailableException.class)
                .hasMessageContaining("postgres_pgcrypto (SVC_AT_REST_DRIVER) is not built");
        assertThatThrownBy(() -> AtRestDriver.select("sqlcipher"))
                .isInstanceOf(CryptoUnavailableException.class)
                .hasMessageContaining("SQLCipher");
        assertThatThrownBy(() -> AtRestDriver.select("luks")).hasMessageContaining("unknown at-rest");
    }
}
