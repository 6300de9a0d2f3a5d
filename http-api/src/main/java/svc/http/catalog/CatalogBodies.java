package svc.http.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;
import svc.config.features.FeatureState;
import svc.core.agent.AgentProfile;
import svc.http.server.Fields;

/** The request and answer bodies of the roster and feature-flag endpoints. */
final class CatalogBodies {

    private CatalogBodies() {}

    /** One roster agent. */
    record Agent(
            String name,
            String team,
            String tier,
            String model,
            String provider,
            List<String> tools,
            List<String> delegates) {

        static Agent of(AgentProfile a) {
            return new Agent(
                    a.name(),
                    a.team(),
                    a.tier().name().toLowerCase(Locale.ROOT),
                    a.model(),
                    a.provider(),
                    a.tools() == null ? List.of() : a.tools(),
                    a.delegates() == null ? List.of() : a.delegates());
        }
    }

    /** A feature flag as resolved now. */
    record Feature(
            String name,
            boolean enabled,
            String tier,
            @JsonProperty("default") boolean defaultValue,
            String source) {

        static Feature of(FeatureState s) {
            return new Feature(
                    s.name(),
                    s.value(),
                    s.tier().name(),
                    s.defaultValue(),
                    s.source().name().toLowerCase(Locale.ROOT));
        }
    }

    /** {@code POST /api/v1/features}. */
    record NamedFeatureChange(String name, Boolean enabled) {
        NamedFeatureChange {
            Fields.required("name", name);
            Fields.required("enabled", enabled);
        }
    }

    /** {@code POST /api/v1/features/{name}}. */
    record FeatureChange(Boolean enabled) {
        FeatureChange {
            Fields.required("enabled", enabled);
        }
    }
}
