package svc.core.retention;

import java.util.LinkedHashMap;
import java.util.Map;
import svc.library.asset.AssetKind;
import svc.library.asset.Library;
import svc.library.template.Retention;
import svc.library.template.TemplateLoader;

/**
 * How many days each class of a run's data is kept: the {@code retention:} block of the run's
 * profile template (the profile its request named when that is a template, else the platform's
 * default profile, as governance picks it), with the deployment's overrides when that template is
 * the deployment's own.
 *
 * <p>A deployment's overrides apply to runs under its own template only: they were reviewed
 * against that template ({@code svc deploy validate} refuses a BFSI or HIPAA period below the
 * template's), so a run that asked for another template (a BFSI run on a generic deployment)
 * keeps that template's periods, never a shorter one the deployment set for its own.
 */
public final class RetentionPolicy {

    private final String defaultProfile;
    private final Map<String, Retention> templates;

    private RetentionPolicy(String defaultProfile, Map<String, Retention> templates) {
        this.defaultProfile = defaultProfile;
        this.templates = Map.copyOf(templates);
    }

    /**
     * The built-in templates' periods, the deployment's (if any) in place of its template's.
     *
     * @param deploymentTemplate the selected deployment's template, or null without a deployment
     * @param deploymentDays its effective periods (template merged with its overrides), or null
     */
    public static RetentionPolicy of(String defaultProfile, String deploymentTemplate, Retention deploymentDays) {
        Map<String, Retention> templates = new LinkedHashMap<>();
        for (String name : Library.builtIn().names(AssetKind.TEMPLATE)) {
            templates.put(name, TemplateLoader.builtIn(name).retention());
        }
        if (deploymentTemplate != null && deploymentDays != null) {
            templates.put(deploymentTemplate, deploymentDays);
        }
        if (!templates.containsKey(defaultProfile)) {
            throw new IllegalArgumentException("the default profile " + defaultProfile + " is not a template");
        }
        return new RetentionPolicy(defaultProfile, templates);
    }

    public static RetentionPolicy of(RetentionSettings settings) {
        return of(settings.defaultProfile(), settings.deploymentTemplate(), settings.deploymentDays());
    }

    /** The template whose periods apply to a run started with {@code profile}. */
    public String templateOf(String profile) {
        return profile != null && templates.containsKey(profile) ? profile : defaultProfile;
    }

    public Retention retentionOf(String profile) {
        return templates.get(templateOf(profile));
    }

    public int days(String profile, RetentionClass c) {
        return c.days(retentionOf(profile));
    }

    /** The shortest period of any class under any template: nothing younger can be due. */
    public int shortestDays() {
        int min = Integer.MAX_VALUE;
        for (Retention r : templates.values()) {
            for (RetentionClass c : RetentionClass.values()) {
                min = Math.min(min, c.days(r));
            }
        }
        return min;
    }
}
