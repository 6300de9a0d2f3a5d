/**
 * The feature-flag registry: which optional parts of svc are switched on, why, and who decided.
 *
 * <p>A flag's value is resolved, first match wins: a per-user override (FLAG tier only, for
 * {@link svc.config.features.FeatureRegistry#get(String, String)}), a runtime override set
 * through the API, the environment variable {@code SVC_FEATURE_<NAME>}, the environment variable
 * of an older name of the flag (an alias), and finally the flag's default. INVARIANT flags never
 * change at runtime.
 */
package svc.config.features;
