package svc.core.notify;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import svc.governance.egress.EgressPolicy;
import svc.governance.signing.Digests;

/**
 * {@code webhook:<url>}: one JSON POST per attempt, signed with HMAC-SHA256 over the exact body
 * bytes under {@code SVC_WEBHOOK_SECRET}. Headers: {@code X-Svc-Signature: sha256=<hex>},
 * {@code X-Svc-Timestamp} (epoch seconds, also {@code sent_at} in the signed body),
 * {@code X-Svc-Delivery} (the same id on every attempt: receivers drop duplicates by it) and
 * {@code X-Svc-Event}. A 2xx is delivered; 408, 425, 429, 5xx, a timeout or a broken connection
 * are tried again; any other answer (a redirect is not followed: its target would need the egress
 * check) is a failure. Runs on the notification dispatcher: {@code send} blocks.
 */
final class WebhookSender {

    private static final int ERROR_SNIPPET = 300;

    private final NotificationSettings settings;
    private final NoticeText text;
    private final Clock clock;
    private final HttpClient client;

    WebhookSender(NotificationSettings settings, NoticeText text, Clock clock) {
        this.settings = settings;
        this.text = text;
        this.clock = clock;
        this.client = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(settings.connectTimeout())
                // No executor of ours: send() waits on the client's own threads, and ours are the ones waiting.
                .build();
    }

    Outcome send(String url, String deliveryId, int attempt, Notice notice) {
        if (settings.webhookSecret().isEmpty()) {
            return Outcome.failed(null, "SVC_WEBHOOK_SECRET is not set: webhooks are only sent signed");
        }
        if (!settings.egress().allowlist().isEmpty()) {
            EgressPolicy.UrlCheck check = settings.egress().check(url);
            if (!check.allowed()) {
                return Outcome.failed(null, "refused by the egress allowlist (G1), not sent: " + check.reason());
            }
        }
        Instant now = clock.instant();
        byte[] body = text.webhookBody(deliveryId, attempt, notice, now).getBytes(StandardCharsets.UTF_8);
        String signature =
                "sha256=" + Digests.hmacSha256Hex(settings.webhookSecret().getBytes(StandardCharsets.UTF_8), body);
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(settings.requestTimeout())
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "svc-notifier")
                    .header("X-Svc-Signature", signature)
                    .header("X-Svc-Timestamp", Long.toString(now.getEpochSecond()))
                    .header("X-Svc-Delivery", deliveryId)
                    .header("X-Svc-Event", notice.event())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
        } catch (IllegalArgumentException e) {
            return Outcome.failed(null, "not a usable URL: " + e.getMessage());
        }
        try {
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            String snippet;
            try (InputStream in = response.body()) {
                snippet = new String(in.readNBytes(ERROR_SNIPPET), StandardCharsets.UTF_8).strip();
            }
            int code = response.statusCode();
            String status = "HTTP " + code;
            if (code >= 200 && code < 300) {
                return Outcome.delivered(status);
            }
            String error = "answered " + code + (snippet.isEmpty() ? "" : ": " + snippet);
            boolean again = code == 408 || code == 425 || code == 429 || code >= 500;
            return again ? Outcome.retry(status, error) : Outcome.failed(status, error);
        } catch (HttpTimeoutException e) {
            return Outcome.retry(
                    null, "no answer within " + settings.requestTimeout().toSeconds() + " s");
        } catch (IOException e) {
            return Outcome.retry(null, "POST failed: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.retry(null, "interrupted");
        }
    }
}
