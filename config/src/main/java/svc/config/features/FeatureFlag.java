package svc.config.features;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One registered feature.
 *
 * @param name lower snake case; its environment variable is {@code SVC_FEATURE_<NAME>}
 * @param aliases older names that still switch this flag (through the API and the environment)
 */
public record FeatureFlag(
        String name, FeatureTier tier, boolean defaultValue, String description, List<String> aliases) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    /** The prefix of every feature variable. */
    public static final String ENV_PREFIX = "SVC_FEATURE_";

    public FeatureFlag {
        aliases = List.copyOf(aliases);
        for (String n : concat(name, aliases)) {
            if (!NAME.matcher(n).matches()) {
                throw new IllegalArgumentException("feature name `" + n + "` must be lower snake case");
            }
        }
        if (tier == FeatureTier.USER_OVERRIDE) {
            throw new IllegalArgumentException(
                    "feature `" + name + "`: USER_OVERRIDE is the per-user layer, not a tier of a flag");
        }
    }

    /** The environment variable that sets a feature of this name. */
    public static String envVariable(String name) {
        return ENV_PREFIX + name.toUpperCase(Locale.ROOT);
    }

    private static List<String> concat(String name, List<String> aliases) {
        return Stream.concat(Stream.of(name), aliases.stream()).toList();
    }
}
