package svc.core.llm;

import java.util.Comparator;
import java.util.Map;

/**
 * US dollars per million tokens, per model. Prices are the vendors' list prices at the time of
 * writing; an unknown model costs what the default row says so budgets never silently vanish.
 */
public final class PriceTable {

    /** Input, output and cached-input prices per million tokens. */
    public record Price(double inputPerMillion, double outputPerMillion, double cachedPerMillion) {}

    private static final Price DEFAULT = new Price(3.00, 15.00, 0.30);

    private static final Map<String, Price> PRICES = Map.ofEntries(
            Map.entry("claude-opus-4-1", new Price(15.00, 75.00, 1.50)),
            Map.entry("claude-sonnet-4-5", new Price(3.00, 15.00, 0.30)),
            Map.entry("claude-haiku-4-5", new Price(1.00, 5.00, 0.10)),
            Map.entry("gpt-4o", new Price(2.50, 10.00, 1.25)),
            Map.entry("gpt-4o-mini", new Price(0.15, 0.60, 0.075)),
            Map.entry("gpt-4.1", new Price(2.00, 8.00, 0.50)),
            Map.entry("gpt-4.1-mini", new Price(0.40, 1.60, 0.10)),
            Map.entry("sonnet", new Price(3.00, 15.00, 0.30)));

    private PriceTable() {}

    public static Price priceOf(String model) {
        if (model == null) {
            return DEFAULT;
        }
        Price exact = PRICES.get(model);
        if (exact != null) {
            return exact;
        }
        // Vendors return dated model ids (claude-haiku-4-5-20251001); price them as their family,
        // the longest matching one, so gpt-4o-mini-2024-07-18 is not billed as gpt-4o.
        return PRICES.entrySet().stream()
                .filter(e -> model.startsWith(e.getKey()))
                .max(Comparator.comparingInt(e -> e.getKey().length()))
                .map(Map.Entry::getValue)
                .orElse(DEFAULT);
    }

    /** Cost of one call; cached input tokens are billed at the cached rate, not twice. */
    public static double costUsd(String model, Usage usage) {
        Price p = priceOf(model);
        long uncachedInput = Math.max(0, usage.inputTokens() - usage.cachedTokens());
        return (uncachedInput * p.inputPerMillion()
                        + usage.cachedTokens() * p.cachedPerMillion()
                        + usage.outputTokens() * p.outputPerMillion())
                / 1_000_000.0;
    }
}
