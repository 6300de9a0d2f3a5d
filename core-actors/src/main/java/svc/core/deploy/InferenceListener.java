package svc.core.deploy;

/**
 * What online inference tells whoever counts it (the API's Prometheus metrics). Called on the
 * inference threads: an implementation only counts, never blocks. Every method defaults to nothing.
 */
public interface InferenceListener {

    /** One request answered ({@code ok}) or failed, by the deployment chosen for it. */
    default void served(String model, String deploymentId, double seconds, boolean ok) {}

    /** One shadow comparison, with the shadow's agreement over its sliding window. */
    default void shadow(String model, String deploymentId, boolean agreed, double windowAgreement) {}

    /** A feature's PSI over the live window. */
    default void psi(String model, String feature, double psi) {}

    /** Work shed under load: {@code shadow} (a mirrored request) or {@code log} (a stored answer). */
    default void dropped(String what) {}

    InferenceListener NONE = new InferenceListener() {};
}
