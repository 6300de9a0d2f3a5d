package svc.core.telemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * OTLP traces with the spec's span names ({@code pipeline.run}, {@code agent.invoke},
 * {@code llm.call}, {@code tool.dispatch}, {@code permission.check}, {@code http.request}), on
 * when {@code OTEL_EXPORTER_OTLP_ENDPOINT} is set ({@code OTEL_SERVICE_NAME},
 * {@code OTEL_RESOURCE_ATTRIBUTES} name the service), a no-op otherwise.
 *
 * <p>A run's work happens in many actors, over hours, across restarts; instead of carrying a
 * context through every message, every span of a run joins one trace whose id is derived from
 * the run id, and spans are recorded when the work ends with the start and end it really had.
 */
public final class Tracing implements AutoCloseable {

    public static final Tracing NOOP = new Tracing(OpenTelemetry.noop(), null);

    private final Tracer tracer;
    private final SdkTracerProvider provider;

    private Tracing(OpenTelemetry otel, SdkTracerProvider provider) {
        this.tracer = otel.getTracer("svc");
        this.provider = provider;
    }

    /** Traces to the OTLP/HTTP endpoint the standard variables name, or none. */
    public static Tracing fromEnvironment(Map<String, String> env) {
        String endpoint = env.get("OTEL_EXPORTER_OTLP_ENDPOINT");
        if (endpoint == null || endpoint.isBlank()) {
            return NOOP;
        }
        String base = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
        return withExporter(
                OtlpHttpSpanExporter.builder().setEndpoint(base + "/v1/traces").build(), env);
    }

    /** Traces to the given exporter (tests use an in-memory one). */
    public static Tracing withExporter(SpanExporter exporter, Map<String, String> env) {
        AttributesBuilder resource =
                Attributes.builder().put("service.name", env.getOrDefault("OTEL_SERVICE_NAME", "svc"));
        String extra = env.getOrDefault("OTEL_RESOURCE_ATTRIBUTES", "");
        for (String pair : extra.split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                resource.put(
                        pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        SdkTracerProvider provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(resource.build())))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter)
                        .setScheduleDelay(500, TimeUnit.MILLISECONDS)
                        .build())
                .build();
        return new Tracing(
                OpenTelemetrySdk.builder().setTracerProvider(provider).build(), provider);
    }

    /**
     * Records a finished span. {@code runId} (may be null) puts it in the run's trace; attribute
     * values may be strings, numbers or booleans; null ones are left out.
     */
    public void record(
            String name, String runId, Instant start, Instant end, Map<String, ?> attributes, boolean error) {
        var builder = tracer.spanBuilder(name).setStartTimestamp(start);
        builder.setParent(runId == null ? Context.root() : runContext(runId));
        attributes.forEach((k, v) -> {
            if (v instanceof String s) {
                builder.setAttribute(k, s);
            } else if (v instanceof Boolean b) {
                builder.setAttribute(k, b);
            } else if (v instanceof Integer || v instanceof Long) {
                builder.setAttribute(k, ((Number) v).longValue());
            } else if (v instanceof Number n) {
                builder.setAttribute(k, n.doubleValue());
            }
        });
        Span span = builder.startSpan();
        if (error) {
            span.setStatus(StatusCode.ERROR);
        }
        span.end(end);
    }

    /** The run's trace: a trace id (and a root span id) derived from the run id. */
    static Context runContext(String runId) {
        String hex = sha256(runId);
        SpanContext parent = SpanContext.createFromRemoteParent(
                hex.substring(0, 32), hex.substring(32, 48), TraceFlags.getSampled(), TraceState.getDefault());
        return Context.root().with(Span.wrap(parent));
    }

    public static String traceIdOf(String runId) {
        return sha256(runId).substring(0, 32);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends what is buffered and stops the exporter. */
    @Override
    public void close() {
        if (provider != null) {
            provider.forceFlush().join(5, TimeUnit.SECONDS);
            provider.shutdown().join(5, TimeUnit.SECONDS);
        }
    }

    /** Sends what is buffered now (tests). */
    public void flush() {
        if (provider != null) {
            provider.forceFlush().join(5, TimeUnit.SECONDS);
        }
    }
}
