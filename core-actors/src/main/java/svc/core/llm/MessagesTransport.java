package svc.core.llm;

import java.util.concurrent.CompletionStage;

/**
 * Carries one Messages-API request body to a model and brings back the response body. The
 * hosted vendor is reached over HTTP; the embedded scripted model answers in-process. Both
 * speak the same JSON, so everything above this seam is the same code.
 */
public interface MessagesTransport {
    CompletionStage<String> post(String requestJson);
}
