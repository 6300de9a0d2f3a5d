package svc.core.governance;

import java.nio.file.Path;
import java.util.Optional;
import svc.library.template.TemplateLoader;
import svc.ml.drift.DriftThresholds;

/**
 * The PSI bands a profile's drift is judged by: for the profile of the deployment in force, the
 * deployment's ({@link GovernanceSettings#drift()}, {@code svc.governance.drift.*}); for any other
 * profile its template's {@code drift:}; without either, the spec's (0.10 and 0.25). The same
 * bands serve a run's {@code compute_drift} (its {@code drift.json} and the drift gate) and the
 * live drift watch of the deployments a run registered.
 */
public final class DriftPolicy {

    private final GovernanceSettings governance;
    private final String defaultProfile;

    public DriftPolicy(GovernanceSettings governance, String defaultProfile) {
        this.governance = governance;
        this.defaultProfile = defaultProfile;
    }

    /** Every profile on its template's bands (no deployment in force). */
    public static DriftPolicy templates() {
        return new DriftPolicy(GovernanceSettings.NONE, GovernedTools.DEFAULT_PROFILE);
    }

    /** The bands of {@code profile} (null: the default profile). */
    public DriftThresholds of(String profile) {
        String p = profile == null ? defaultProfile : profile;
        Optional<GovernanceSettings.DriftBands> configured =
                governance.governs(p) ? governance.drift() : Optional.empty();
        if (configured.isPresent()) {
            return thresholds(configured.get().watch(), configured.get().block());
        }
        try {
            return TemplateLoader.builtIn(p)
                    .drift()
                    .map(b -> thresholds(b.watchPsi(), b.blockPsi()))
                    .orElse(DriftThresholds.BFSI);
        } catch (RuntimeException e) {
            // A profile that names no template: the spec's bands (the run's tools fail closed anyway).
            return DriftThresholds.BFSI;
        }
    }

    /** The bands of the run in {@code runDir}, by the profile its {@code run.json} names. */
    public DriftThresholds ofRun(Path runDir) {
        return of(GovernedTools.profileOf(runDir, defaultProfile));
    }

    private static DriftThresholds thresholds(double watch, double block) {
        return new DriftThresholds(
                watch, block, DriftThresholds.BFSI.floor(), DriftThresholds.BFSI.rareCategoryShare());
    }
}
