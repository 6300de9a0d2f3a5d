package svc.governance.injection;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import svc.config.Json;

/**
 * The learned second signal of G3: logistic regression over hashed character n-grams
 * ({@link NgramFeatures}), read from a model file written by the bench trainer
 * ({@code svc.bench.governance.TrainInjectionModel}). Scoring is plain arithmetic here, no ML
 * library. A text is flagged when its probability reaches the file's {@code threshold}, which the
 * trainer chose on cross-validated scores of its training rows, never on the held-out rows the
 * file's {@code training} section reports on. Immutable and thread-safe.
 */
public final class InjectionModel {

    /** The model shipped in this module's resources. */
    public static final String RESOURCE = "/svc/governance/injection/injection-ngram-lr.json";

    static final String FORMAT = "svc-g3-ngram-logreg/1";

    private final NgramFeatures features;
    private final float[] weights;
    private final double bias;
    private final double threshold;
    private final JsonNode training;

    public InjectionModel(NgramFeatures features, float[] weights, double bias, double threshold, JsonNode training) {
        this.features = Objects.requireNonNull(features, "features");
        if (weights.length != features.buckets()) {
            throw new IllegalArgumentException(
                    "weights have " + weights.length + " entries for " + features.buckets() + " buckets");
        }
        this.weights = weights.clone();
        this.bias = bias;
        this.threshold = threshold;
        this.training = training;
    }

    /** The shipped model, read once. */
    public static InjectionModel shipped() {
        return Shipped.MODEL;
    }

    public static InjectionModel read(InputStream in) throws IOException {
        JsonNode root = Json.MAPPER.readTree(in);
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new IOException(
                    "not a G3 model file: format is '" + root.path("format").asText() + "'");
        }
        JsonNode f = root.get("features");
        NgramFeatures features = new NgramFeatures(
                f.get("min_n").asInt(), f.get("max_n").asInt(), f.get("buckets").asInt());
        float[] weights = new float[features.buckets()];
        JsonNode indices = root.get("weights").get("indices");
        JsonNode values = root.get("weights").get("values");
        if (indices.size() != values.size()) {
            throw new IOException("weights: " + indices.size() + " indices for " + values.size() + " values");
        }
        for (int i = 0; i < indices.size(); i++) {
            weights[indices.get(i).asInt()] = (float) values.get(i).asDouble();
        }
        return new InjectionModel(
                features,
                weights,
                root.get("bias").asDouble(),
                root.get("threshold").asDouble(),
                root.path("training"));
    }

    /** Probability that {@code text} is a prompt injection. */
    public double score(String text) {
        NgramFeatures.Vector v = features.vectorize(text);
        double z = bias;
        for (int i = 0; i < v.indices().length; i++) {
            z += weights[v.indices()[i]] * v.values()[i];
        }
        return 1 / (1 + Math.exp(-z));
    }

    public boolean flags(double score) {
        return score >= threshold;
    }

    public double bias() {
        return bias;
    }

    /** A copy of the weights, one per bucket. */
    public float[] weights() {
        return weights.clone();
    }

    public double threshold() {
        return threshold;
    }

    public NgramFeatures features() {
        return features;
    }

    /** What the trainer recorded: data file and its SHA-256, split seed, held-out and k-fold figures. */
    public JsonNode training() {
        return training;
    }

    private static final class Shipped {
        static final InjectionModel MODEL = load();

        private static InjectionModel load() {
            try (InputStream in = InjectionModel.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("G3 model " + RESOURCE + " is missing from the classpath");
                }
                return read(in);
            } catch (IOException e) {
                throw new UncheckedIOException("G3 model " + RESOURCE + " cannot be read", e);
            }
        }
    }
}
