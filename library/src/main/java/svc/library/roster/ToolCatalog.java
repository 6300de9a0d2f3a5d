package svc.library.roster;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every tool an agent may be given. The actor core implements exactly these names; an agent's
 * allowlist in the roster may only name tools from here. Delegation tools
 * ({@code transfer_to_<agent>}) are not listed: the core synthesizes them from the hierarchy.
 */
public enum ToolCatalog {
    INSPECT_DATASET(
            Team.DATA, "Load a dataset, infer column types, profile it, guess the target and sensitive columns."),
    VALIDATE_DATASET(
            Team.DATA,
            "Check a dataset for missing values, constant or duplicate columns, class imbalance and schema drift."),
    DETECT_LEAKAGE(
            Team.DATA,
            "Find features that leak the target (near-perfect correlation, post-outcome fields, identifiers)."),
    PREPARE_DATASET(Team.DATA, "Clean, encode and split a dataset with a seed; arguments target and drop_columns."),
    RECOMMEND_LEARNERS(
            Team.ALGORITHM, "Recommend learners and search spaces from the dataset profile and the problem type."),
    TRAIN_MODEL(Team.TRAINING, "Train one learner with a hyper-parameter search on the prepared split."),
    MITIGATE_BIAS(Team.TRAINING, "Apply reweighing or per-group thresholds for a sensitive attribute, then retrain."),
    SELECT_MODEL(Team.EVALUATION, "Pick the best candidate on the validation split by the problem's primary metric."),
    EVALUATE_MODEL(Team.EVALUATION, "Compute held-out test metrics for the chosen model and write metrics.json."),
    AUDIT_FAIRNESS(
            Team.EVALUATION,
            "Compute group fairness metrics (demographic parity, equalized odds) per sensitive attribute."),
    COMPUTE_DRIFT(
            Team.EVALUATION,
            "Compute population stability (PSI) per feature between training and a comparison sample."),
    EXPLAIN_MODEL(Team.EVALUATION, "Compute SHAP values: global feature importance and example local explanations."),
    WRITE_MODEL_CARD(
            Team.QUALITY, "Write model_card.md from the run's metrics, fairness, drift and explanation artefacts."),
    EXPORT_AUDIT_PDF(Team.QUALITY, "Render and sign the audit PDF from the run's evidence artefacts."),
    REVIEW_ARTIFACTS(Team.QUALITY, "Check that the run's required artefacts exist, parse and agree with each other."),
    BUILD_CONTAINER_IMAGE(Team.DEPLOYMENT, "Write the Dockerfile and image definition that serves the trained model."),
    GENERATE_K8S_MANIFESTS(
            Team.DEPLOYMENT, "Write Kubernetes deployment, service and autoscaling manifests under k8s/."),
    REGISTER_MODEL_DEPLOYMENT(
            Team.DEPLOYMENT, "Register the model as a deployment (champion or challenger with a traffic share)."),
    REQUEST_APPROVAL(null, "Open a human approval gate of a given type and wait for the decision."),
    READ_ARTIFACT(null, "Read one artefact of the current run by name."),
    LIST_ARTIFACTS(null, "List the current run's artefacts with size and SHA-256."),
    WRITE_FILE(null, "Write a text file under the run's artefact folder."),
    HTTP_GET(null, "Fetch a URL; subject to the egress allowlist."),
    EXECUTE_PYTHON(null, "Run a Python snippet in the sandbox; denied under BFSI when it makes dangerous calls."),
    EXECUTE_SHELL(null, "Run a shell command in the sandbox; denied under BFSI."),
    /** Not in the roster: the platform offers it to every agent when the deployment has knowledge bases. */
    SEARCH_KNOWLEDGE(null, "Search the deployment's knowledge bases (BM25) and return the best passages.");

    private final Team home;
    private final String description;

    ToolCatalog(Team home, String description) {
        this.home = home;
        this.description = description;
    }

    /** The snake_case name agents call and rules match. */
    public String toolName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String description() {
        return description;
    }

    /** The team whose work this tool does; empty for general tools any team may be given. */
    public Optional<Team> home() {
        return Optional.ofNullable(home);
    }

    public static Optional<ToolCatalog> byName(String toolName) {
        return Arrays.stream(values())
                .filter(t -> t.toolName().equals(toolName))
                .findFirst();
    }

    /** Every tool name. */
    public static Set<String> names() {
        return Arrays.stream(values()).map(ToolCatalog::toolName).collect(Collectors.toUnmodifiableSet());
    }
}
