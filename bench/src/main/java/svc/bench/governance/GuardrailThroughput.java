package svc.bench.governance;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import svc.config.Json;
import svc.governance.injection.InjectionDetector;
import svc.governance.pii.PiiDetector;
import svc.governance.secrets.SecretRedactor;

/**
 * Measures how many MB/s of text the PII detector, the prompt-injection detector and the log
 * secret redactor get through, over the bundled texts (data/prompt_injection and data/pii), one
 * thread: about 3 s of warm-up, then about 5 s measured. Usage:
 * {@code java -cp ... svc.bench.governance.GuardrailThroughput [path/to/data]}.
 */
public final class GuardrailThroughput {

    private static final long WARMUP_NANOS = 3_000_000_000L;
    private static final long MEASURE_NANOS = 5_000_000_000L;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private GuardrailThroughput() {}

    public static void main(String[] args) throws IOException {
        Path data = args.length > 0 ? Path.of(args[0]) : findData();
        List<String> texts = loadTexts(data);
        long bytes = texts.stream()
                .mapToLong(t -> t.getBytes(StandardCharsets.UTF_8).length)
                .sum();
        System.out.printf("corpus: %d texts, %.1f KB (UTF-8) from %s%n", texts.size(), bytes / 1024.0, data);
        System.out.printf(
                "java %s, %d cores%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());

        PiiDetector pii = PiiDetector.defaults();
        PiiDetector safeHarbor = PiiDetector.safeHarbor();
        InjectionDetector injection = InjectionDetector.defaults();
        InjectionDetector patterns = InjectionDetector.patternsOnly();
        SecretRedactor secrets = SecretRedactor.defaults();
        report(
                "PII detection (12 recognizers)",
                texts,
                bytes,
                t -> pii.detect(t).size());
        report(
                "PII, Safe Harbor pack (24 recognizers)",
                texts,
                bytes,
                t -> safeHarbor.detect(t).size());
        report(
                "prompt injection (25 patterns)",
                texts,
                bytes,
                t -> patterns.detect(t).hits().size());
        report(
                "prompt injection (patterns + model)",
                texts,
                bytes,
                t -> injection.detect(t).blocked() ? 1 : 0);
        report(
                "log secret redaction (13 + entropy)",
                texts,
                bytes,
                t -> secrets.apply(t).length());
    }

    private static void report(String name, List<String> texts, long corpusBytes, ToIntFunction<String> work) {
        long sink = run(texts, work, WARMUP_NANOS)[1];
        long cpuStart = CPU.getCurrentThreadCpuTime();
        long[] measured = run(texts, work, MEASURE_NANOS);
        double cpuSeconds = (CPU.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        long passes = measured[0];
        sink += measured[1];
        double seconds = measured[2] / 1e9;
        double mb = passes * (double) corpusBytes / 1_000_000.0;
        // MB per CPU-second is the figure to compare on a shared machine: wall time includes
        // waiting for a core.
        System.out.printf(
                "%-38s %7.2f MB/s wall, %7.2f MB per CPU-s  (%d passes, %.2f s wall, %.2f s CPU, "
                        + "%.1f us CPU/text; checksum %d)%n",
                name,
                mb / seconds,
                mb / cpuSeconds,
                passes,
                seconds,
                cpuSeconds,
                cpuSeconds * 1e6 / (passes * texts.size()),
                sink);
    }

    /** Whole passes over the corpus until {@code budget} is spent: {passes, sink, elapsed nanos}. */
    private static long[] run(List<String> texts, ToIntFunction<String> work, long budget) {
        long start = System.nanoTime();
        long passes = 0;
        long sink = 0;
        long elapsed;
        do {
            for (String t : texts) {
                sink += work.applyAsInt(t);
            }
            passes++;
            elapsed = System.nanoTime() - start;
        } while (elapsed < budget);
        return new long[] {passes, sink, elapsed};
    }

    private static List<String> loadTexts(Path data) throws IOException {
        List<String> texts = new ArrayList<>();
        for (String file : List.of("prompt_injection/prompt_injection_train.jsonl", "pii/pii_vectors.jsonl")) {
            for (String line : Files.readAllLines(data.resolve(file))) {
                if (!line.isBlank()) {
                    texts.add(Json.MAPPER.readTree(line).get("text").asText());
                }
            }
        }
        return texts;
    }

    private static Path findData() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isDirectory(dir.resolve("data/prompt_injection"))) {
                return dir.resolve("data");
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no data/ folder above " + Path.of("").toAbsolutePath() + "; pass its path");
    }
}
