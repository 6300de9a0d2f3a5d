package svc.governance.permission;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Tools tied to a feature flag are skipped while the flag is off: a DENY at
 * {@link Priorities#FEATURE_FLAG_DENY} with reason {@code auto-skipped: flag X is off}.
 * The flag is looked up on every request, so a runtime flip takes effect on the next call.
 */
public final class FeatureFlagRules implements RuleProvider {

    private final Map<String, String> flagByTool;
    private final Predicate<String> flagEnabled;

    /**
     * @param flagByTool  tool glob → flag name
     * @param flagEnabled flag name → on? (the feature-flag registry)
     */
    public FeatureFlagRules(Map<String, String> flagByTool, Predicate<String> flagEnabled) {
        this.flagByTool = new LinkedHashMap<>(flagByTool);
        this.flagEnabled = flagEnabled;
    }

    @Override
    public RuleSource source() {
        return RuleSource.FEATURE_FLAG;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        List<PermissionRule> rules = new ArrayList<>(0);
        flagByTool.forEach((glob, flag) -> {
            if (Glob.matches(glob, request.tool()) && !flagEnabled.test(flag)) {
                rules.add(PermissionRule.of(
                        "feature_flag:" + flag,
                        glob,
                        Behavior.DENY,
                        Priorities.FEATURE_FLAG_DENY,
                        "auto-skipped: flag " + flag + " is off",
                        RuleSource.FEATURE_FLAG));
            }
        });
        return rules;
    }
}
