package svc.governance.permission;

import java.nio.file.Path;
import java.util.List;

/**
 * A template's (profile's) rules. Profiles only restrict: DENY at {@link Priorities#PROFILE_DENY}
 * (60, so inside the invariant pass) and ASK at {@link Priorities#PROFILE_ASK} (45); an ALLOW in a
 * profile is an error. Rules read from a file get those priorities assigned; a written priority
 * that differs is an error.
 */
public final class ProfileRules implements RuleProvider {

    private final List<PermissionRule> rules;

    private ProfileRules(List<PermissionRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Takes rules built in code (e.g. {@link PermissionPacks}); checks source and priorities. */
    public static ProfileRules of(List<PermissionRule> rules) {
        for (PermissionRule r : rules) {
            if (r.source() != RuleSource.PROFILE) {
                throw new IllegalArgumentException(
                        "profile rule '" + r.id() + "': source must be profile, was " + r.source());
            }
            priority(r.id(), r.behavior(), r.priority());
        }
        return new ProfileRules(rules);
    }

    public static ProfileRules load(Path file) {
        return new ProfileRules(
                RuleFiles.read(file, RuleSource.PROFILE, raw -> priority(raw.id(), raw.behavior(), raw.priority())));
    }

    public static ProfileRules parse(String text, boolean yaml, String origin) {
        return new ProfileRules(RuleFiles.parse(
                text, yaml, origin, RuleSource.PROFILE, raw -> priority(raw.id(), raw.behavior(), raw.priority())));
    }

    private static int priority(String id, Behavior behavior, Integer written) {
        int fixed = switch (behavior) {
            case DENY -> Priorities.PROFILE_DENY;
            case ASK -> Priorities.PROFILE_ASK;
            case ALLOW ->
                throw new IllegalArgumentException("profile rule '" + id
                        + "': profiles only restrict (deny or ask); put ALLOW rules in the operator policy");
        };
        if (written != null && written != fixed) {
            throw new IllegalArgumentException("profile rule '" + id + "': a profile " + behavior + " sits at priority "
                    + fixed + ", was " + written);
        }
        return fixed;
    }

    public List<PermissionRule> rules() {
        return rules;
    }

    @Override
    public RuleSource source() {
        return RuleSource.PROFILE;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        return rules;
    }
}
