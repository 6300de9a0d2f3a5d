package svc.bench.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import svc.config.Json;
import svc.core.batch.BatchService;
import svc.core.batch.BatchView;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.train.Learner;
import svc.ml.train.ServedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;
import svc.persistence.store.ArtifactStoreSettings;

/**
 * Batch inference against a plain loop over the same model's predict on the same records.
 *
 * <p>{@code BatchBench N [linear|xgboost]}: trains the learner on German Credit, writes N records
 * (the dataset's rows, cycled) as JSONL, times (1) a plain loop that reads the file a line at a
 * time and predicts each record alone with {@link ServedModel}, the way {@code svc serve-model}
 * predicts, and (2) an {@code inference} batch through the platform (entity, checkpoint journaled
 * every 10 records on H2, results.jsonl written), and prints records/s of each, their ratio, and
 * the heap in use sampled every 100 ms during the batch (run with a small {@code -Xmx} to show the
 * input is never held whole). A further argument {@code batch-only} skips the loop; {@code sealed}
 * runs the platform with at-rest encryption on (a random key), so the input and the results parts
 * under {@code $SVC_HOME/batches} are sealed. Run from the repository root.
 */
public final class BatchBench {

    private BatchBench() {}

    /** Reads the file a line at a time and predicts each record alone; answers records/s. */
    private static double plainLoop(Path modelDir, Path input, int n) throws Exception {
        ServedModel model = ServedModel.load(modelDir);
        long t0 = System.nanoTime();
        long checksum = 0;
        try (BufferedReader in = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode record = Json.parse(line);
                checksum += model.predict(List.of(model.values(record)))
                        .get(0)
                        .label()
                        .length();
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("plain loop: %.1f s, %,.0f records/s (checksum %d)%n", seconds, n / seconds, checksum);
        return n / seconds;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Learner learner = args.length > 1 && args[1].equals("linear") ? Learner.LINEAR : Learner.XGBOOST;
        Path home = Files.createTempDirectory("svc-batch-bench-");
        Dataset data = DatasetReader.read(Path.of("data/german_credit/german_credit.csv"));
        List<String> flags = List.of(args).subList(Math.min(2, args.length), args.length);
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        if (flags.contains("sealed")) {
            byte[] kek = new byte[32];
            new SecureRandom().nextBytes(kek);
            settings.put("svc.at-rest.encryption", "on");
            settings.put("svc.at-rest.kek", Base64.getEncoder().encodeToString(kek));
        }
        var config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        Path modelDir = ArtifactStoreSettings.fromConfig(config)
                .runsRoot()
                .resolve("bench-run")
                .resolve("model");
        Trainer.train(
                        data,
                        TrainingSpec.of("credit_risk")
                                .withLearners(List.of(learner))
                                .withCandidates(1))
                .model()
                .save(modelDir);
        // Under the upload directory, a data root (DataRoots): a batch reads only files under one.
        Path input = Files.createDirectories(home.resolve("datasets")).resolve("records.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            for (int i = 0; i < n; i++) {
                Map<String, Object> row = data.row(i % data.rowCount());
                row.remove("credit_risk");
                w.write(Json.write(row));
                w.write('\n');
            }
        }
        System.out.printf(
                "records %,d (%,d bytes of JSONL), learner %s, at-rest encryption %s%n",
                n, Files.size(input), learner, flags.contains("sealed") ? "on" : "off");

        boolean loop = !flags.contains("batch-only");
        double loopRate = loop ? plainLoop(modelDir, input, n) : Double.NaN;

        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        try (Platform platform = Platform.start(config, StandardParts.create())) {
            AtomicLong peak = new AtomicLong();
            System.gc();
            long before = memory.getHeapMemoryUsage().getUsed();
            long t1 = System.nanoTime();
            BatchView b = platform.batches()
                    .submit(new BatchService.SubmitRequest(
                            "inference", "bench-run", null, input.toString(), null, null, null, "bench"))
                    .toCompletableFuture()
                    .get(600, TimeUnit.SECONDS);
            while (true) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                BatchView now = platform.batches()
                        .get(b.batchId())
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
                if (!now.state().equals("running")) {
                    b = now;
                    break;
                }
                Thread.sleep(100);
            }
            double batchSeconds = (System.nanoTime() - t1) / 1e9;
            double batchRate = n / batchSeconds;
            long lines;
            try (var in = new BufferedReader(new InputStreamReader(
                    platform.batches()
                            .results(b.batchId())
                            .toCompletableFuture()
                            .get(60, TimeUnit.SECONDS),
                    StandardCharsets.UTF_8))) {
                lines = in.lines().count();
            }
            System.out.printf(
                    "batch: %s, %.1f s, %,.0f records/s, %,d result lines, %,d errors%n",
                    b.state(), batchSeconds, batchRate, lines, b.errors());
            System.out.printf("ratio batch/loop: %.2f%n", batchRate / loopRate);
            System.out.printf(
                    "heap: max %d MB, in use before %d MB, peak sampled during the batch %d MB%n",
                    memory.getHeapMemoryUsage().getMax() >> 20, before >> 20, peak.get() >> 20);
        }
        System.exit(0);
    }
}
