package svc.core.llm.providers;

import java.time.Duration;
import svc.core.llm.Usage;

/**
 * Told about every model call once it has ended, for metrics ({@code svc_llm_calls_total},
 * {@code svc_llm_tokens_total}, {@code svc_llm_cost_usd_total}, {@code
 * svc_llm_call_duration_seconds}). Called on a callback thread: implementations must be quick
 * and thread-safe, and must not throw.
 */
@FunctionalInterface
public interface LlmCallListener {

    LlmCallListener NONE = call -> {};

    void onCall(LlmCall call);

    /**
     * One finished call.
     *
     * @param provider the provider kind
     * @param model the model that answered (the requested one when the call failed)
     * @param state {@code ok} or {@code error}
     * @param usage token counts; {@link Usage#NONE} for a failed call
     * @param costUsd from {@link svc.core.llm.PriceTable}
     */
    record LlmCall(
            String provider,
            String model,
            String agent,
            String state,
            Usage usage,
            double costUsd,
            Duration duration) {}
}
