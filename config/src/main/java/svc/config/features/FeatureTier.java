package svc.config.features;

/** How far a feature may be changed, from "never" to "per user". */
public enum FeatureTier {
    /** A guarantee of the product (such as the audit log); fixed at its default, never changed. */
    INVARIANT,
    /** A supported switch: operators may change it at runtime and per user. */
    FLAG,
    /** An unfinished feature, off by default; operators may switch it on at runtime. */
    EXPERIMENT,
    /**
     * Not a kind of flag but the layer above FLAG: a value set for one user. A {@link FeatureState}
     * carries this tier when a per-user override decided its value.
     */
    USER_OVERRIDE
}
