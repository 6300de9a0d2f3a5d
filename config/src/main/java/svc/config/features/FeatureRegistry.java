package svc.config.features;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The feature flags of one server and their current values.
 *
 * <p>Resolution, first match wins: per-user override (only in {@link #get(String, String)}),
 * runtime override, {@code SVC_FEATURE_<NAME>}, {@code SVC_FEATURE_<ALIAS>} for an older name,
 * default. A per-user override beats the runtime override because it is the more specific
 * decision. The environment is read once, at construction, and every wrong variable is reported
 * together there; later calls never fail because of it.
 *
 * <p>Thread-safe: the flags and the environment are immutable after construction and the
 * overrides live in concurrent maps, so HTTP handlers may call any method concurrently.
 */
public final class FeatureRegistry {

    private final Map<String, FeatureFlag> flags = new LinkedHashMap<>();
    /** Alias or name → canonical name. */
    private final Map<String, String> names = new LinkedHashMap<>();
    /** Values decided by the environment, with which step decided. */
    private final Map<String, Decision> environment = new LinkedHashMap<>();

    private final Map<String, Boolean> runtime = new ConcurrentHashMap<>();
    private final Map<UserKey, Boolean> users = new ConcurrentHashMap<>();

    private record Decision(boolean value, FeatureSource source) {}

    private record UserKey(String flag, String user) {}

    /**
     * @param env the process environment (or a test's map); only {@code SVC_FEATURE_*} is read
     * @throws FeatureEnvironmentException naming every variable with a bad value, an unknown
     *     feature name, or an attempt to change an INVARIANT
     */
    public FeatureRegistry(List<FeatureFlag> features, Map<String, String> env) {
        for (FeatureFlag flag : features) {
            register(flag.name(), flag.name());
            flag.aliases().forEach(alias -> register(alias, flag.name()));
            flags.put(flag.name(), flag);
        }
        readEnvironment(env);
    }

    /** The built-in features of svc, with the given environment. */
    public static FeatureRegistry withBuiltIns(Map<String, String> env) {
        return new FeatureRegistry(BuiltInFeatures.ALL, env);
    }

    /** Every feature as resolved now, in registration order. */
    public List<FeatureState> list() {
        return flags.keySet().stream().map(this::resolve).toList();
    }

    /** Every feature as resolved now for one user. */
    public List<FeatureState> list(String user) {
        return flags.keySet().stream().map(name -> get(name, user)).toList();
    }

    /** One feature, by name or alias. */
    public FeatureState get(String name) {
        return resolve(canonical(name));
    }

    /** One feature as it applies to {@code user}: their override first, then {@link #get}. */
    public FeatureState get(String name, String user) {
        String flag = canonical(name);
        Boolean override = users.get(new UserKey(flag, user));
        if (override == null) {
            return resolve(flag);
        }
        return new FeatureState(
                flag, override, FeatureTier.USER_OVERRIDE, flags.get(flag).defaultValue(), FeatureSource.USER);
    }

    /**
     * Overrides a feature for everyone until {@link #reset}.
     *
     * @throws FeatureChangeRejectedException for an INVARIANT
     */
    public FeatureState set(String name, boolean value) {
        FeatureFlag flag = flags.get(canonical(name));
        if (flag.tier() == FeatureTier.INVARIANT) {
            throw new FeatureChangeRejectedException(
                    "feature `" + flag.name() + "` is an INVARIANT (" + flag.description() + ") and cannot be changed");
        }
        runtime.put(flag.name(), value);
        return resolve(flag.name());
    }

    /**
     * Overrides a FLAG-tier feature for one user until {@link #resetForUser}.
     *
     * @throws FeatureChangeRejectedException when the feature is not of the FLAG tier
     */
    public FeatureState setForUser(String name, String user, boolean value) {
        FeatureFlag flag = flags.get(canonical(name));
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("a per-user override needs a user id");
        }
        if (flag.tier() != FeatureTier.FLAG) {
            throw new FeatureChangeRejectedException("feature `" + flag.name() + "` is an " + flag.tier()
                    + "; only FLAG-tier features can be overridden per user");
        }
        users.put(new UserKey(flag.name(), user), value);
        return get(flag.name(), user);
    }

    /** Removes the runtime override; the environment or the default applies again. */
    public FeatureState reset(String name) {
        String flag = canonical(name);
        runtime.remove(flag);
        return resolve(flag);
    }

    /** Removes one user's override. */
    public FeatureState resetForUser(String name, String user) {
        String flag = canonical(name);
        users.remove(new UserKey(flag, user));
        return get(flag, user);
    }

    /** The runtime overrides now in force, by canonical name. */
    public Map<String, Boolean> runtimeOverrides() {
        return Map.copyOf(runtime);
    }

    /**
     * Makes {@code overrides} the runtime overrides (what another node or a restart says they are).
     * Unknown names and INVARIANT features are ignored: a row written by a newer or older version
     * must not stop this one.
     */
    public void replaceRuntimeOverrides(Map<String, Boolean> overrides) {
        Map<String, Boolean> known = new LinkedHashMap<>();
        overrides.forEach((name, value) -> {
            String flag = names.get(name.toLowerCase(Locale.ROOT));
            if (flag != null && flags.get(flag).tier() != FeatureTier.INVARIANT) {
                known.put(flag, value);
            }
        });
        runtime.keySet().retainAll(known.keySet());
        runtime.putAll(known);
    }

    /** Shorthand for {@code get(name).value()}, for code that only branches on a feature. */
    public boolean isEnabled(String name) {
        return get(name).value();
    }

    private FeatureState resolve(String name) {
        FeatureFlag flag = flags.get(name);
        Boolean override = runtime.get(name);
        Decision decision = override != null
                ? new Decision(override, FeatureSource.RUNTIME)
                : environment.getOrDefault(name, new Decision(flag.defaultValue(), FeatureSource.DEFAULT));
        return new FeatureState(name, decision.value(), flag.tier(), flag.defaultValue(), decision.source());
    }

    private String canonical(String name) {
        String flag = name == null ? null : names.get(name.toLowerCase(Locale.ROOT));
        if (flag == null) {
            throw new UnknownFeatureException(
                    "no feature is named `" + name + "` (features: " + String.join(", ", flags.keySet()) + ")");
        }
        return flag;
    }

    private void register(String alias, String flag) {
        String previous = names.putIfAbsent(alias, flag);
        if (previous != null) {
            throw new IllegalArgumentException("feature name `" + alias + "` is used twice");
        }
    }

    private void readEnvironment(Map<String, String> env) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> variable : env.entrySet()) {
            String key = variable.getKey();
            if (key.startsWith(FeatureFlag.ENV_PREFIX)) {
                String name = key.substring(FeatureFlag.ENV_PREFIX.length()).toLowerCase(Locale.ROOT);
                String problem = environmentProblem(key, name, variable.getValue());
                if (problem != null) {
                    problems.add(problem);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new FeatureEnvironmentException(problems.stream().sorted().toList());
        }
        // The name's own variable beats an alias's, whatever order the map iterates in.
        for (FeatureFlag flag : flags.values()) {
            Optional<Boolean> own = parse(env.get(FeatureFlag.envVariable(flag.name())));
            if (own.isPresent()) {
                environment.put(flag.name(), new Decision(own.get(), FeatureSource.ENVIRONMENT));
                continue;
            }
            for (String alias : flag.aliases()) {
                Optional<Boolean> old = parse(env.get(FeatureFlag.envVariable(alias)));
                if (old.isPresent()) {
                    environment.put(flag.name(), new Decision(old.get(), FeatureSource.ALIAS));
                    break;
                }
            }
        }
    }

    /** What is wrong with one {@code SVC_FEATURE_*} variable, or null. */
    private String environmentProblem(String variable, String name, String value) {
        String flagName = names.get(name);
        if (flagName == null) {
            return variable + " names no feature (features: " + String.join(", ", flags.keySet()) + ")";
        }
        Optional<Boolean> parsed = parse(value);
        if (parsed.isEmpty()) {
            return variable + "=" + value + " is not a feature value: use true, false, 1, 0, on or off";
        }
        FeatureFlag flag = flags.get(flagName);
        if (flag.tier() == FeatureTier.INVARIANT && parsed.get() != flag.defaultValue()) {
            return variable + "=" + value + " tries to change `" + flag.name() + "`, an INVARIANT ("
                    + flag.description() + "): remove the variable";
        }
        return null;
    }

    /** true/false/1/0/on/off in any case; empty for anything else (or no value). */
    private static Optional<Boolean> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "1", "on" -> Optional.of(true);
            case "false", "0", "off" -> Optional.of(false);
            default -> Optional.empty();
        };
    }
}
