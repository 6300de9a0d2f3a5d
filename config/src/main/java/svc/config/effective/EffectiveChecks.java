package svc.config.effective;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The checks a resolved configuration must pass before a server starts on it, one per key whose
 * wrong value would otherwise surface late (a typo in {@code SVC_ENV} silently dropping the rate
 * limits, a port out of range failing at bind time with a JDK message). Values from the
 * environment arrive as text, so every check reads text.
 */
public final class EffectiveChecks {

    private record Check(String key, Predicate<String> ok, String expected) {}

    private static final Set<String> BOOLEANS = Set.of("true", "false", "on", "off", "yes", "no");

    private static final List<Check> CHECKS = List.of(
            new Check("svc.http.port", v -> intIn(v, 0, 65535), "a port number (0..65535)"),
            new Check("svc.http.env", Set.of("development", "production")::contains, "development or production"),
            new Check(
                    "svc.llm.provider",
                    Set.of("scripted", "anthropic", "openai", "vllm", "ollama")::contains,
                    "one of scripted, anthropic, openai, vllm, ollama"),
            new Check("svc.max-concurrent-pipelines", v -> intIn(v, 1, 10_000), "a whole number of at least 1"),
            new Check("svc.budget-per-pipeline-usd", EffectiveChecks::nonNegative, "a number of dollars, 0 or more"),
            new Check("svc.agents.delegation-scope", Set.of("strict", "name_only")::contains, "strict or name_only"),
            new Check("svc.at-rest.encryption", EffectiveChecks::bool, "on or off"),
            new Check("svc.at-rest.strict", EffectiveChecks::bool, "true or false"),
            new Check(
                    "svc.sandbox.driver",
                    Set.of("nsjail", "docker", "subprocess")::contains,
                    "one of nsjail, docker, subprocess"),
            new Check("svc.sandbox.strict", EffectiveChecks::bool, "true or false"),
            new Check("svc.sandbox.memory-mb", v -> intIn(v, 16, 1 << 20), "megabytes, at least 16"),
            new Check("svc.sandbox.cpu-time-sec", v -> intIn(v, 1, 86_400), "seconds, at least 1"),
            new Check("svc.sandbox.timeout-sec", v -> intIn(v, 1, 86_400), "seconds, at least 1"),
            new Check(
                    "svc.governance.guardrails.pii-action",
                    Set.of("redact", "mask", "hash")::contains,
                    "one of redact, mask, hash"));

    private EffectiveChecks() {}

    /** Every problem, in key order. */
    public static List<ConfigProblem> check(EffectiveConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        for (Check c : CHECKS) {
            config.get(c.key()).ifPresent(s -> {
                String text = String.valueOf(s.value()).strip();
                if (!c.ok().test(text)) {
                    problems.add(new ConfigProblem(
                            c.key(), s.origin(), "'" + Secrets.mask(c.key(), text) + "' is not " + c.expected()));
                }
            });
        }
        return problems;
    }

    private static boolean intIn(String v, int min, int max) {
        try {
            int n = Integer.parseInt(v);
            return n >= min && n <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean nonNegative(String v) {
        try {
            return Double.parseDouble(v) >= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean bool(String v) {
        return BOOLEANS.contains(v.toLowerCase(Locale.ROOT));
    }
}
