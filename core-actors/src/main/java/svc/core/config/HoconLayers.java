package svc.core.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigResolver;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;

/**
 * Loads the server's HOCON ({@code application.conf} and every module's {@code reference.conf})
 * the way {@code ConfigFactory.load()} does, but resolves {@code ${?SVC_X}} against a given
 * environment map through a resolver that marks each value it supplies, so that every key can
 * say whether it is a default or which variable set it.
 *
 * <p>Why not {@code ConfigFactory.load()} and compare with the environment afterwards: a value
 * equal to its default would then be misattributed, and tests could not hand in an environment
 * of their own.
 */
public final class HoconLayers {

    private static final String ENV_MARK = "env:";

    /**
     * Variables the server reads directly rather than through HOCON, and the key each is shown
     * under (only when set).
     */
    static final Map<String, String> DIRECT = directVariables();

    /**
     * @param config   the resolved HOCON, as the platform reads it
     * @param defaults every {@code svc.*} value no variable set (dispatcher settings left out)
     * @param env      every value a variable set, under its key, origin {@code env:<VARIABLE>}
     */
    public record Split(Config config, Layer defaults, Layer env) {}

    private HoconLayers() {}

    public static Split load(Map<String, String> environment) {
        Config unresolved = ConfigFactory.defaultOverrides()
                .withFallback(ConfigFactory.defaultApplication())
                .withFallback(ConfigFactory.defaultReferenceUnresolved());
        Config config =
                unresolved.resolve(ConfigResolveOptions.noSystem().appendResolver(new EnvResolver(environment)));
        Layer.Builder defaults = Layer.builder(Origin.Kind.DEFAULT);
        Layer.Builder env = Layer.builder(Origin.Kind.ENV);
        for (Map.Entry<String, ConfigValue> e : config.entrySet()) {
            String key = e.getKey();
            String description = e.getValue().origin().description();
            if (description.startsWith(ENV_MARK)) {
                env.put(key, e.getValue().unwrapped(), Origin.env(description.substring(ENV_MARK.length())));
            } else if (key.startsWith("svc.") && !key.contains("dispatcher")) {
                defaults.put(key, e.getValue().unwrapped(), Origin.DEFAULT);
            }
        }
        DIRECT.forEach((variable, key) -> {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                env.put(key, value, Origin.env(variable));
            }
        });
        return new Split(config, defaults.build(), env.build());
    }

    /**
     * A configuration that was not resolved in layers (tests, embedding) shown as it is: every
     * {@code svc.*} value with origin {@code default}.
     */
    public static EffectiveConfig asDefaults(Config config) {
        Layer.Builder defaults = Layer.builder(Origin.Kind.DEFAULT);
        for (Map.Entry<String, ConfigValue> e : config.entrySet()) {
            if (e.getKey().startsWith("svc.") && !e.getKey().contains("dispatcher")) {
                defaults.put(e.getKey(), e.getValue().unwrapped(), Origin.DEFAULT);
            }
        }
        return EffectiveConfig.resolve(List.of(defaults.build()), Set.of());
    }

    private static Map<String, String> directVariables() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("SVC_DEPLOYMENT", "svc.deployment.directory");
        m.put("SVC_POLICY_FILE", "svc.governance.policy-file");
        m.put("SVC_SIGNING_DRIVER", "svc.signing.driver");
        m.put("SVC_SIGNING_STRICT", "svc.signing.strict");
        m.put("SVC_SIGNING_KMS_KEY", "svc.signing.kms-key");
        m.put("SVC_JWT_SECRET", "svc.auth.jwt-secret");
        m.put("SVC_JWT_PREVIOUS_SECRET", "svc.auth.jwt-previous-secret");
        m.put("SVC_API_KEYS", "svc.auth.api-keys");
        m.put("SVC_ADMIN_EMAIL", "svc.auth.admin-email");
        m.put("SVC_ADMIN_PASSWORD", "svc.auth.admin-password");
        m.put("SVC_LOG_FORMAT", "svc.log.format");
        m.put("SVC_LOG_LEVEL", "svc.log.level");
        return Map.copyOf(m);
    }

    /** Supplies {@code ${?NAME}} from the environment map, marking the value's origin with the name. */
    private record EnvResolver(Map<String, String> environment) implements ConfigResolver {

        @Override
        public ConfigValue lookup(String path) {
            String value = environment.get(path);
            return value == null ? null : ConfigValueFactory.fromAnyRef(value, ENV_MARK + path);
        }

        @Override
        public ConfigResolver withFallback(ConfigResolver fallback) {
            ConfigResolver self = this;
            return new ConfigResolver() {
                @Override
                public ConfigValue lookup(String path) {
                    ConfigValue v = self.lookup(path);
                    return v != null ? v : fallback.lookup(path);
                }

                @Override
                public ConfigResolver withFallback(ConfigResolver next) {
                    return self.withFallback(fallback.withFallback(next));
                }
            };
        }
    }
}
