package svc.bench.governance;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.crypto.KeyProviders;
import svc.governance.crypto.SealedFiles;
import svc.persistence.store.ArtifactStore;
import svc.persistence.store.DirectoryArtifactStore;
import svc.persistence.store.SealedArtifactStore;

/**
 * The cost of at-rest encryption for one run file of 1 MB (size settable): sealing into a file and
 * opening it again with {@link SealedFiles}, and the same file put into and read back from a
 * directory artefact store with and without the sealing decorator (what a tool's push and an API
 * download pay). Each case is warmed up by CPU time, then timed; prints per-operation wall and
 * CPU milliseconds and MB/s of CPU. Run:
 * {@code java -cp <bench classpath> svc.bench.governance.AtRestBench [sizeBytes] [warmupSeconds] [measureSeconds]}
 */
public final class AtRestBench {

    private AtRestBench() {}

    @FunctionalInterface
    interface Op {
        void run() throws IOException;
    }

    public static void main(String[] args) throws Exception {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 1024 * 1024;
        double warmup = args.length > 1 ? Double.parseDouble(args[1]) : 3;
        double measure = args.length > 2 ? Double.parseDouble(args[2]) : 5;
        byte[] plain = new byte[size];
        new Random(7).nextBytes(plain);
        SecureRandom random = new SecureRandom();
        byte[] kek = new byte[32];
        random.nextBytes(kek);
        EnvelopeCipher cipher = new EnvelopeCipher(KeyProviders.create(
                "env", Map.of(KeyProviders.ENV_VARIABLE, Base64.getEncoder().encodeToString(kek)), random));
        SealedFiles sealed = new SealedFiles(cipher);
        Map<String, String> ctx = Map.of("store_key", "r-1/model/model.ubj");

        Path dir = Files.createTempDirectory("svc-at-rest-bench");
        try {
            Path sealedFile = dir.resolve("sealed.bin");
            Path source = Files.write(dir.resolve("plain.bin"), plain);
            sealed.seal(new ByteArrayInputStream(plain), sealedFile, ctx);
            ArtifactStore clearStore = new DirectoryArtifactStore(dir.resolve("clear-store"));
            ArtifactStore sealedStore = new SealedArtifactStore(
                    new DirectoryArtifactStore(dir.resolve("sealed-store")), sealed, dir.resolve("spool"));

            System.out.printf("at-rest encryption, one file of %,d bytes (AES-256-GCM, 64 KiB segments)%n", size);
            measure(
                    "seal (SealedFiles.seal to a file)",
                    size,
                    warmup,
                    measure,
                    () -> sealed.seal(new ByteArrayInputStream(plain), sealedFile, ctx));
            measure("open (SealedFiles.open, read all)", size, warmup, measure, () -> {
                try (InputStream in = sealed.open(Files.newInputStream(sealedFile), ctx)) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
            });
            measure("digest (size and SHA-256, header only)", size, warmup, measure, () -> {
                try (InputStream in = Files.newInputStream(sealedFile)) {
                    sealed.digest(in, ctx);
                }
            });
            measure("store put, clear directory", size, warmup, measure, () -> clearStore.put("r-1/m.bin", source));
            measure("store put, sealed directory", size, warmup, measure, () -> sealedStore.put("r-1/m.bin", source));
            measure("store get, clear directory", size, warmup, measure, () -> readAll(clearStore));
            measure("store get, sealed directory", size, warmup, measure, () -> readAll(sealedStore));
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void readAll(ArtifactStore store) throws IOException {
        try (InputStream in = store.get("r-1/m.bin").orElseThrow()) {
            in.transferTo(OutputStream.nullOutputStream());
        }
    }

    private static void measure(String name, int size, double warmup, double measure, Op op) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // warm up by CPU time: on a shared machine a wall-clock warm-up may leave the JIT cold
        long warmupEnd = threads.getCurrentThreadCpuTime() + (long) (warmup * 1e9);
        while (threads.getCurrentThreadCpuTime() < warmupEnd) {
            op.run();
        }
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long end = start + (long) (measure * 1e9);
        int n = 0;
        while (System.nanoTime() < end) {
            op.run();
            n++;
        }
        double wallMs = (System.nanoTime() - start) / 1e6 / n;
        double cpuMs = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 / n;
        System.out.printf(
                "  %-42s %6d ops  wall %7.3f ms/op  cpu %7.3f ms/op  %7.1f MB/s of CPU%n",
                name, n, wallMs, cpuMs, size / 1e6 / (cpuMs / 1e3));
    }
}
