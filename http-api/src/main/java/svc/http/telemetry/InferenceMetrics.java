package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import svc.core.deploy.InferenceListener;

/**
 * The online inference metrics, in the API's registry: {@code svc_inference_requests_total{model,
 * deployment,status}}, {@code svc_inference_latency_seconds{model,deployment}} (from the request's
 * arrival at the service to its answer), {@code svc_shadow_predictions_total{model,deployment,
 * agreed}}, {@code svc_shadow_agreement_ratio{model,deployment}} (over the shadow's sliding
 * window), {@code svc_inference_psi{model,feature}} (over the live window) and
 * {@code svc_inference_dropped_total{what}}. Labels are model names, deployment ids and feature
 * names: bounded by what operators deploy, never by requests.
 */
public final class InferenceMetrics implements InferenceListener {

    private final Counter requests;
    private final Histogram latency;
    private final Counter shadows;
    private final Gauge agreement;
    private final Gauge psi;
    private final Counter dropped;

    public InferenceMetrics(ApiMetrics metrics) {
        requests = Counter.builder()
                .name("svc_inference_requests_total")
                .help("Inference requests by model name, deployment and status (ok, error)")
                .labelNames("model", "deployment", "status")
                .register(metrics.registry);
        latency = Histogram.builder()
                .name("svc_inference_latency_seconds")
                .help("Inference latency in the service by model name and deployment")
                .labelNames("model", "deployment")
                .classicOnly()
                .classicUpperBounds(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5)
                .register(metrics.registry);
        shadows = Counter.builder()
                .name("svc_shadow_predictions_total")
                .help("Shadow answers compared with the served answer, by model name, shadow deployment and agreement")
                .labelNames("model", "deployment", "agreed")
                .register(metrics.registry);
        agreement = Gauge.builder()
                .name("svc_shadow_agreement_ratio")
                .help("Share of a shadow's recent answers that agreed with the served answer")
                .labelNames("model", "deployment")
                .register(metrics.registry);
        psi = Gauge.builder()
                .name("svc_inference_psi")
                .help("PSI of live inputs against the champion's training reference, by model name and feature")
                .labelNames("model", "feature")
                .register(metrics.registry);
        dropped = Counter.builder()
                .name("svc_inference_dropped_total")
                .help("Work shed under load: shadow copies and stored answers")
                .labelNames("what")
                .register(metrics.registry);
    }

    @Override
    public void served(String model, String deploymentId, double seconds, boolean ok) {
        requests.labelValues(model, deploymentId, ok ? "ok" : "error").inc();
        if (ok) {
            latency.labelValues(model, deploymentId).observe(seconds);
        }
    }

    @Override
    public void shadow(String model, String deploymentId, boolean agreed, double windowAgreement) {
        shadows.labelValues(model, deploymentId, Boolean.toString(agreed)).inc();
        agreement.labelValues(model, deploymentId).set(windowAgreement);
    }

    @Override
    public void psi(String model, String feature, double value) {
        psi.labelValues(model, feature).set(value);
    }

    @Override
    public void dropped(String what) {
        dropped.labelValues(what).inc();
    }
}
