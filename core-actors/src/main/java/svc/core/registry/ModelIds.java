package svc.core.registry;

/** Model ids: one definition, used where a run names its model and where the registry reads it. */
public final class ModelIds {

    private ModelIds() {}

    /** {@code model-<run hex>-<candidate>}, with {@code -} for the candidate's {@code +} and {@code _}. */
    public static String of(String runId, String candidate) {
        return "model-" + runId.replace("run-", "") + "-"
                + candidate.replace("+", "-").replace("_", "-");
    }
}
