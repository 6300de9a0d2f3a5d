package svc.cli.server;

import com.typesafe.config.Config;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import svc.config.effective.ConfigProblem;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Setting;
import svc.deployments.effective.GovernanceLayers;
import svc.governance.crypto.KeyProviders;
import svc.library.template.GuardrailCatalog;

/**
 * The guardrail switches of the resolved configuration ({@code svc.governance.guardrails.G<n>}),
 * so that each one shown is one applied. A template or deployment that switches off a guardrail
 * the platform always applies is refused when it is loaded; {@link #check} catches the same from
 * any other layer, and {@link #keyProblems} an at-rest encryption (G12/G13) that could not start
 * for want of a key.
 */
final class GuardrailSwitches {

    private static final String PREFIX = GovernanceLayers.GUARDRAILS + ".";
    private static final Pattern ID = Pattern.compile("G\\d+");
    private static final Set<String> TRUE = Set.of("true", "on", "yes");

    private GuardrailSwitches() {}

    /**
     * The configuration of {@code layers}, with G12 and G13 showing the state of
     * {@code svc.at-rest.encryption} and its origin: they are that switch, so an environment that
     * turns encryption off turns them off, and {@code /api/v1/config/effective} says who did.
     */
    static EffectiveConfig withAtRestState(List<Layer> layers, Set<String> joined) {
        EffectiveConfig resolved = EffectiveConfig.resolve(layers, joined);
        Optional<Setting> atRest = resolved.get(GovernanceLayers.AT_REST);
        if (atRest.isEmpty()) {
            return resolved;
        }
        boolean on = isOn(atRest.get());
        List<Layer> mirrored = new ArrayList<>(layers);
        Map<String, Object> state = new HashMap<>();
        for (GuardrailCatalog g : GuardrailCatalog.AT_REST) {
            state.put(PREFIX + g.name(), on);
        }
        // The same kind as the layer that decided encryption, given last: it wins over that layer's G12/G13.
        mirrored.add(Layer.of(atRest.get().origin(), state));
        return EffectiveConfig.resolve(mirrored, joined);
    }

    /** Every switch the runtime could not follow, one problem each. */
    static List<ConfigProblem> check(EffectiveConfig effective) {
        List<ConfigProblem> problems = new ArrayList<>();
        effective.under(GovernanceLayers.GUARDRAILS).forEach((id, s) -> {
            if (!ID.matcher(id).matches()) {
                return;
            }
            Optional<GuardrailCatalog> g = GuardrailCatalog.of(id);
            if (g.isEmpty()) {
                problems.add(new ConfigProblem(PREFIX + id, s.origin(), "'" + id + "' is not a guardrail id"));
            } else if (!g.get().offered()) {
                problems.add(new ConfigProblem(PREFIX + id, s.origin(), g.get().notOffered()));
            } else if (g.get().kind() == GuardrailCatalog.Kind.ALWAYS_ON && !isOn(s)) {
                problems.add(new ConfigProblem(PREFIX + id, s.origin(), g.get().cannotDisable()));
            }
        });
        return problems;
    }

    /**
     * With G12/G13 on (at-rest encryption), the customer's key must be at hand: without it the
     * journal could not be written. Empty when encryption is off or the key provider answers.
     *
     * @param config the HOCON the platform reads (the key provider and the key)
     * @param env    the process environment
     */
    static List<ConfigProblem> keyProblems(EffectiveConfig effective, Config config, Map<String, String> env) {
        List<ConfigProblem> problems = new ArrayList<>();
        effective.get(GovernanceLayers.AT_REST).filter(GuardrailSwitches::isOn).ifPresent(s -> {
            Map<String, String> keys = new HashMap<>(env);
            String kek = config.getString("svc.at-rest.kek");
            if (!kek.isBlank()) {
                keys.put(KeyProviders.ENV_VARIABLE, kek);
            }
            try {
                KeyProviders.select(
                        config.getString("svc.at-rest.key-provider"),
                        config.getBoolean("svc.at-rest.strict"),
                        keys,
                        new SecureRandom());
            } catch (RuntimeException e) {
                problems.add(new ConfigProblem(
                        GovernanceLayers.AT_REST,
                        s.origin(),
                        "on (G12/G13: the journal is sealed with the customer's key), but the key cannot be had: "
                                + e.getMessage() + "; set " + KeyProviders.ENV_VARIABLE
                                + " (32 bytes, base64), or switch G12/G13 off (SVC_AT_REST_ENCRYPTION=off)"));
            }
        });
        return problems;
    }

    private static boolean isOn(Setting s) {
        return TRUE.contains(String.valueOf(s.value()).strip().toLowerCase(Locale.ROOT));
    }
}
