package svc.governance.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the key provider named in configuration.
 * <ul>
 *   <li>{@code stub}: a fixed development key derived from a public string. It protects nothing
 *       and says so with a WARN.</li>
 *   <li>{@code env}: the KEK is {@code SVC_KEK}, 32 bytes in base64.</li>
 *   <li>{@code aws_kms}, {@code gcp_kms}, {@code vault_transit}: need network access to the key
 *       service, which this deployment does not have; they fail fast.</li>
 * </ul>
 * {@link #select} applies the strict rule: strict and unavailable aborts boot; not strict falls
 * back to {@code stub} with a WARN.
 */
public final class KeyProviders {

    public static final String ENV_VARIABLE = "SVC_KEK";
    public static final List<String> NAMES = List.of("stub", "env", "aws_kms", "gcp_kms", "vault_transit");

    private static final Logger LOG = LoggerFactory.getLogger(KeyProviders.class);
    private static final Map<String, String> REMOTE = Map.of(
            "aws_kms", "AWS KMS",
            "gcp_kms", "Google Cloud KMS",
            "vault_transit", "HashiCorp Vault transit");

    private KeyProviders() {}

    /**
     * The named provider, or an exception: {@link CryptoUnavailableException} for a provider this
     * deployment cannot reach, {@link IllegalArgumentException} for a bad name or a bad key.
     */
    public static KeyProvider create(String name, Map<String, String> env, SecureRandom random) {
        if (REMOTE.containsKey(name)) {
            throw new CryptoUnavailableException("encryption key provider " + name + " is not available in this "
                    + "deployment: no network access to " + REMOTE.get(name) + "; use env (" + ENV_VARIABLE
                    + ") or stub");
        }
        return switch (name == null ? "" : name) {
            case "stub" -> stub(random);
            case "env" -> fromEnv(env, random);
            default ->
                throw new IllegalArgumentException(
                        "unknown encryption key provider '" + name + "'; expected one of " + NAMES);
        };
    }

    /** {@link #create}, falling back to {@code stub} with a WARN when the provider is unavailable and not strict. */
    public static KeyProvider select(String name, boolean strict, Map<String, String> env, SecureRandom random) {
        try {
            return create(name, env, random);
        } catch (CryptoUnavailableException e) {
            if (strict) {
                throw e;
            }
            LOG.warn(
                    "{}; strict mode is off, so falling back to the stub key provider (data is NOT protected)",
                    e.getMessage());
            return stub(random);
        }
    }

    /**
     * The keys of earlier rotations ({@code SVC_KEK_PREVIOUS}: base64 32-byte keys separated by
     * commas), used only to open what was sealed under them.
     */
    public static List<KeyProvider> previous(String csv, SecureRandom random) {
        if (csv == null || csv.isBlank()) {
            return List.of();
        }
        List<KeyProvider> out = new ArrayList<>();
        int i = 0;
        for (String part : csv.split(",")) {
            i++;
            if (part.isBlank()) {
                continue;
            }
            try {
                out.add(fromEnv(Map.of(ENV_VARIABLE, part.trim()), random));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "SVC_KEK_PREVIOUS key " + i + ": " + e.getMessage().replace(ENV_VARIABLE + " ", ""), e);
            }
        }
        return List.copyOf(out);
    }

    static KeyProvider stub(SecureRandom random) {
        LOG.warn(
                "encryption key provider 'stub' uses a fixed, publicly known development key; envelopes it makes are "
                        + "not confidential. Set the provider to env with {} for real use",
                ENV_VARIABLE);
        try {
            byte[] key = MessageDigest.getInstance("SHA-256")
                    .digest("svc development stub KEK - not a secret".getBytes(StandardCharsets.US_ASCII));
            return new LocalKeyProvider("stub", key, random);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }

    static KeyProvider fromEnv(Map<String, String> env, SecureRandom random) {
        String value = env.get(ENV_VARIABLE);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    ENV_VARIABLE + " is not set; the env key provider needs a 32-byte key in "
                            + "base64 (e.g. `openssl rand -base64 32`)");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENV_VARIABLE + " is not valid base64: " + e.getMessage(), e);
        }
        if (key.length != AesGcm.KEY_BYTES) {
            throw new IllegalArgumentException(
                    ENV_VARIABLE + " decodes to " + key.length + " bytes; AES-256 needs exactly " + AesGcm.KEY_BYTES);
        }
        return new LocalKeyProvider("env", key, random);
    }
}
