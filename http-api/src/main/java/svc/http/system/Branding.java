package svc.http.system;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * The branding response. The spec names its groups but not their fields; {@link #DEFAULTS} are the
 * product's, under the template's and the deployment's values ({@link ConfigEndpoints#branding}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record Branding(
        String productName,
        String subtitle,
        String tagline,
        String logo,
        Colors colors,
        List<Link> navigation,
        List<Preset> demoPresets,
        PipelineOptions pipelineOptions,
        List<String> complianceBadges) {

    record Colors(String primary, String accent, String background) {}

    record Link(String label, String path) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Preset(String name, String datasetPath, String problem) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PipelineOptions(List<String> templates, String defaultTemplate) {}

    static final Branding DEFAULTS = new Branding(
            "svc",
            "Multi-agent machine-learning platform",
            "From a problem statement and a table to an audited, deployable model",
            "/static/logo.svg",
            new Colors("#1f4e79", "#f2a900", "#ffffff"),
            List.of(
                    new Link("Pipelines", "/pipelines"),
                    new Link("Approvals", "/approvals"),
                    new Link("Agents", "/agents"),
                    new Link("Features", "/features")),
            List.of(new Preset(
                    "German credit risk",
                    "data/german_credit/german_credit.csv",
                    "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex and age.")),
            new PipelineOptions(
                    List.of("fast_prototype", "default_ml_pipeline", "parallel_research"), "default_ml_pipeline"),
            List.of());
}
