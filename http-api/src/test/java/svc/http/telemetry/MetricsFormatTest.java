package svc.http.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * Checks {@code /metrics} line by line against the Prometheus text format 0.0.4: HELP and TYPE
 * comments, then samples {@code name{label="value",...} number}, every sample of a declared
 * family, histogram buckets cumulative and ending in {@code +Inf} equal to {@code _count}.
 */
@ExtendWith(ServerExtension.class)
class MetricsFormatTest {

    private static final Pattern HELP = Pattern.compile("# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .*");
    private static final Pattern TYPE =
            Pattern.compile("# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)");
    // name, then optional {label="value",...} (escapes \\, \" and \n), then value and optional timestamp
    private static final String LABEL = "[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\",?";
    private static final Pattern SAMPLE =
            Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{((?:" + LABEL + ")*)})? (\\S+)( -?\\d+)?");

    private final Api api;

    MetricsFormatTest(TestServer server) {
        this.api = server.api;
    }

    @Test
    void metricsParseAsPrometheusTextAndCountRequestsByRouteTemplate() {
        api.get("/api/v1/pipelines/run-0123456789abcdef", Api.apiKey());
        api.get("/api/v1/pipelines/run-fedcba9876543210", Api.apiKey());
        Api.Reply r = api.get("/api/v1/metrics");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type").orElseThrow())
                .startsWith("text/plain")
                .contains("version=0.0.4");

        Map<String, String> types = new HashMap<>();
        Map<String, Double> samples = new HashMap<>();
        for (String line : r.text().split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            Matcher help = HELP.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher sample = SAMPLE.matcher(line);
            if (type.matches()) {
                types.put(type.group(1), type.group(2));
            } else if (help.matches()) {
                continue;
            } else {
                assertThat(sample.matches())
                        .as("not a valid sample line: " + line)
                        .isTrue();
                String name = sample.group(1);
                String family = name.replaceFirst("_(bucket|count|sum|total|created)$", "");
                assertThat(types.containsKey(name) || types.containsKey(family))
                        .as("sample without a TYPE: " + line)
                        .isTrue();
                double value = Double.parseDouble(
                        sample.group(4).replace("+Inf", "Infinity").replace("-Inf", "-Infinity"));
                samples.put(name + (sample.group(2) == null ? "" : sample.group(2)), value);
            }
        }
        assertThat(types)
                .containsEntry("svc_http_requests_total", "counter")
                .containsEntry("svc_http_request_duration_seconds", "histogram");
        String notFound = "svc_http_requests_total{method=\"GET\",path=\"/api/v1/pipelines/{run_id}\",status=\"404\"}";
        assertThat(samples.get(notFound)).isGreaterThanOrEqualTo(2.0);
        assertThat(samples.keySet()).noneMatch(k -> k.contains("run-0123456789abcdef"));
        String infBucket = samples.keySet().stream()
                .filter(k -> k.startsWith("svc_http_request_duration_seconds_bucket{")
                        && k.contains("le=\"+Inf\"")
                        && k.contains("method=\"GET\"")
                        && k.contains("path=\"/api/v1/pipelines/{run_id}\""))
                .findFirst()
                .orElseThrow();
        String count = "svc_http_request_duration_seconds_count{method=\"GET\",path=\"/api/v1/pipelines/{run_id}\"}";
        assertThat(samples.get(infBucket)).isEqualTo(samples.get(count)).isGreaterThanOrEqualTo(2.0);
        assertThat(samples.keySet())
                .anyMatch(k -> k.startsWith("svc_permission_decisions_total{behavior=\"allow\",source=\"default\"}"));
    }

    /**
     * Prometheus's own parser ({@code promtool check metrics}, from Debian's prometheus package,
     * which {@code .ci/run} installs): the exposition must pass it with no problem reported.
     */
    @Test
    void metricsPassPrometheusOwnChecker() throws Exception {
        Path promtool = Path.of("/usr/bin/promtool");
        Assumptions.assumeTrue(Files.isExecutable(promtool), "promtool is not installed here");
        Api.Reply r = api.get("/metrics");
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics")
                .redirectErrorStream(true)
                .start();
        try (var in = p.getOutputStream()) {
            in.write(r.bytes());
        }
        String report = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(report).isZero();
        assertThat(report).as("promtool findings").isBlank();
    }
}
