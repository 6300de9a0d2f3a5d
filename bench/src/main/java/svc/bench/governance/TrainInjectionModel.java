package svc.bench.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import svc.config.Json;
import svc.governance.injection.HoldoutSplit;
import svc.governance.injection.InjectionModel;
import svc.governance.injection.NgramFeatures;

/**
 * Trains the learned G3 signal and writes the model file that governance ships
 * ({@code governance/src/main/resources/svc/governance/injection/injection-ngram-lr.json}).
 *
 * <p>Data: the 546 labelled texts of {@code data/prompt_injection} (deepset/prompt-injections)
 * and, as extra negatives, {@code platform_messages.jsonl} beside this class: 800 distinct
 * messages of this platform's own scripted runs (agent goals, tool calls, tool results). Without
 * them a model trained on the labelled set alone flagged 493 of 530 platform messages (a long
 * imperative text looks like an injection to it), which would stop every run.
 *
 * <p>Recipe: hashed character 1-5-grams ({@link NgramFeatures}, 2^18 buckets), logistic
 * regression with class-balanced weights and an L2 penalty, fitted by full-batch Adam. A seeded
 * stratified 25 % of the labelled rows is held out ({@link HoldoutSplit}, seed {@link #SEED}), and
 * half of the platform messages; neither is used for fitting, for choosing the penalty or for the
 * threshold. On the rest: the penalty is the one of {@link #L2_GRID} with the best cross-validated
 * (5-fold) recall, and the threshold is the lowest score at which at most {@link #FP_TARGET} of the
 * labelled negatives are flagged in cross-validation, raised above every platform message's
 * cross-validated score; then the model is fitted on all training rows. Weights are rounded to
 * four significant digits and those below {@link #PRUNE} dropped; the held-out figures written
 * into the file are those of the rounded model, as shipped. A 5-fold cross-validation over the
 * labelled rows (penalty and threshold chosen inside each fold the same way) is reported beside
 * them.
 *
 * <p>Usage (from the repository root, takes about three minutes on two cores):
 * {@code java -cp ... svc.bench.governance.TrainInjectionModel [--data FILE] [--negatives FILE]
 * [--out FILE] [--benign DIR]}; {@code --benign} also scores every message of the conversation
 * files ({@code *.jsonl}) under DIR, e.g. {@code $SVC_HOME/runs}, and prints how many are flagged.
 */
public final class TrainInjectionModel {

    static final long SEED = 20261125L;
    static final double HOLDOUT = 0.25;
    static final double PLATFORM_HOLDOUT = 0.5;
    static final double FP_TARGET = 0.03;
    static final int FOLDS = 5;
    static final double[] L2_GRID = {1e-5, 1e-4, 1e-3};
    static final NgramFeatures FEATURES = new NgramFeatures(1, 5, 1 << 18);
    static final int ITERATIONS = 300;
    static final double LEARNING_RATE = 0.05;
    static final double PRUNE = 1e-3;

    private TrainInjectionModel() {}

    record Row(String text, boolean injection) {}

    record Fit(double[] weights, double bias) {
        double score(NgramFeatures.Vector v) {
            double z = bias;
            for (int i = 0; i < v.indices().length; i++) {
                z += weights[v.indices()[i]] * v.values()[i];
            }
            return 1 / (1 + Math.exp(-z));
        }
    }

    record Choice(double l2, double threshold) {}

    public static void main(String[] args) throws IOException {
        Path data = Path.of("data/prompt_injection/prompt_injection_train.jsonl");
        Path negatives = Path.of("bench/src/main/resources/svc/bench/governance/platform_messages.jsonl");
        Path out = Path.of("governance/src/main/resources" + InjectionModel.RESOURCE);
        Path benign = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--data" -> data = Path.of(args[++i]);
                case "--negatives" -> negatives = Path.of(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--benign" -> benign = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        byte[] raw = Files.readAllBytes(data);
        byte[] rawNegatives = Files.readAllBytes(negatives);
        List<Row> rows = new ArrayList<>(jsonl(raw).stream()
                .map(n ->
                        new Row(n.get("text").asText(), n.get("label").asText().equals("injection")))
                .toList());
        List<Boolean> labelled = rows.stream().map(Row::injection).toList();
        int deepset = rows.size();
        BitSet heldOut = HoldoutSplit.heldOut(labelled, SEED, HOLDOUT);
        List<String> platform =
                jsonl(rawNegatives).stream().map(n -> n.get("text").asText()).toList();
        BitSet platformHeldOut =
                HoldoutSplit.heldOut(platform.stream().map(t -> false).toList(), SEED, PLATFORM_HOLDOUT);
        for (int i = 0; i < platform.size(); i++) {
            rows.add(new Row(platform.get(i), false));
            if (platformHeldOut.get(i)) {
                heldOut.set(deepset + i);
            }
        }
        List<Boolean> labels = rows.stream().map(Row::injection).toList();
        List<NgramFeatures.Vector> xs =
                rows.stream().map(r -> FEATURES.vectorize(r.text())).toList();
        int[] train = indices(rows.size(), i -> !heldOut.get(i));
        int[] test = indices(deepset, heldOut::get);
        int[] platformTest = indices(rows.size(), i -> i >= deepset && heldOut.get(i));
        System.out.printf(
                "%d labelled rows (%d injections) and %d platform messages; held out %d labelled rows (seed %d)"
                        + " and %d platform messages%n",
                deepset,
                labelled.stream().filter(b -> b).count(),
                platform.size(),
                test.length,
                SEED,
                platformTest.length);

        Choice choice = choose(xs, labels, train, deepset);
        InjectionModel model = rounded(fit(xs, labels, train, choice.l2()), choice.threshold());
        double[] scores = Arrays.stream(test)
                .mapToDouble(r -> model.score(rows.get(r).text()))
                .toArray();
        double[] rates = rates(scores, labelsOf(labels, test), model.threshold());
        double rocRecall = recallAtFpr(scores, labelsOf(labels, test), 0.05);
        long platformFlagged = Arrays.stream(platformTest)
                .filter(r -> model.flags(model.score(rows.get(r).text())))
                .count();
        System.out.printf(Locale.ROOT, "chosen l2=%.0e threshold=%.4f%n", choice.l2(), choice.threshold());
        System.out.printf(
                Locale.ROOT,
                "held out: recall %.3f, false-positive rate %.3f at the threshold; best recall at <= 5%% FP %.3f;"
                        + " platform messages flagged %d of %d%n",
                rates[0],
                rates[1],
                rocRecall,
                platformFlagged,
                platformTest.length);

        ArrayNode cv = Json.MAPPER.createArrayNode();
        // Folds over the labelled rows; the platform messages kept for training join every fold's
        // training side and are never scored here.
        int[] fold = HoldoutSplit.folds(labelled, SEED + 1, FOLDS);
        double sumRecall = 0;
        double sumFpr = 0;
        for (int k = 0; k < FOLDS; k++) {
            int kk = k;
            int[] tr = indices(rows.size(), i -> i < deepset ? fold[i] != kk : !heldOut.get(i));
            int[] te = indices(deepset, i -> fold[i] == kk);
            Choice c = choose(xs, labels, tr, deepset);
            Fit f = fit(xs, labels, tr, c.l2());
            double[] r = rates(
                    Arrays.stream(te).mapToDouble(i -> f.score(xs.get(i))).toArray(),
                    labelsOf(labels, te),
                    c.threshold());
            sumRecall += r[0];
            sumFpr += r[1];
            cv.addObject().put("fold", k).put("recall", round(r[0])).put("false_positive_rate", round(r[1]));
            System.out.printf(Locale.ROOT, "fold %d: recall %.3f, FP rate %.3f (l2 %.0e)%n", k, r[0], r[1], c.l2());
        }
        System.out.printf(
                Locale.ROOT,
                "%d-fold CV: mean recall %.3f, mean FP rate %.3f%n",
                FOLDS,
                sumRecall / FOLDS,
                sumFpr / FOLDS);

        ObjectNode file = Json.MAPPER.createObjectNode();
        file.put("format", "svc-g3-ngram-logreg/1");
        file.putObject("features")
                .put("min_n", FEATURES.minN())
                .put("max_n", FEATURES.maxN())
                .put("buckets", FEATURES.buckets())
                .put("text", "lower-cased (ROOT), whitespace runs to one space, one space of padding each side")
                .put("hash", "FNV-1a 32 over UTF-16 code units (low byte, high byte), xor n, times prime, mod buckets")
                .put("values", "log(1 + count), scaled to unit L2 norm");
        file.put("threshold", choice.threshold());
        file.put("bias", model.bias());
        ObjectNode training = file.putObject("training");
        training.put("trainer", "svc.bench.governance.TrainInjectionModel")
                .put("data", "data/prompt_injection/prompt_injection_train.jsonl")
                .put("data_sha256", sha256(raw))
                .put("rows", deepset)
                .put("negatives", "bench/src/main/resources/svc/bench/governance/platform_messages.jsonl")
                .put("negatives_sha256", sha256(rawNegatives))
                .put("negatives_rows", platform.size())
                .put("split_seed", SEED)
                .put("holdout_fraction", HOLDOUT)
                .put("negatives_holdout_fraction", PLATFORM_HOLDOUT)
                .put("holdout_rule", "HoldoutSplit.heldOut(labels, split_seed, holdout_fraction)")
                .put("l2", choice.l2())
                .put("iterations", ITERATIONS)
                .put(
                        "threshold_rule",
                        "lowest score with cross-validated FP rate <= " + FP_TARGET
                                + " on the labelled training rows, raised above every platform training message");
        training.putObject("held_out")
                .put("rows", test.length)
                .put("recall", round(rates[0]))
                .put("false_positive_rate", round(rates[1]))
                .put("best_recall_at_fpr_0_05", round(rocRecall))
                .put("platform_messages", platformTest.length)
                .put("platform_messages_flagged", platformFlagged);
        training.putObject("cross_validation")
                .put("folds", FOLDS)
                .put("seed", SEED + 1)
                .put("mean_recall", round(sumRecall / FOLDS))
                .put("mean_false_positive_rate", round(sumFpr / FOLDS))
                .set("per_fold", cv);
        ObjectNode weights = file.putObject("weights");
        ArrayNode idx = weights.putArray("indices");
        ArrayNode val = weights.putArray("values");
        for (int i = 0; i < model.weights().length; i++) {
            if (model.weights()[i] != 0) {
                idx.add(i);
                val.add(model.weights()[i]);
            }
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, Json.MAPPER.writeValueAsString(file) + "\n");
        System.out.printf("wrote %s (%d weights, %d bytes)%n", out, idx.size(), Files.size(out));
        if (benign != null) {
            scoreBenign(model, benign);
        }
    }

    /** The fit as shipped: weights at four significant digits, the smallest dropped. */
    static InjectionModel rounded(Fit fit, double threshold) {
        float[] w = new float[fit.weights().length];
        for (int i = 0; i < w.length; i++) {
            double x = fit.weights()[i];
            w[i] = Math.abs(x) < PRUNE ? 0f : Float.parseFloat(String.format(Locale.ROOT, "%.4g", x));
        }
        return new InjectionModel(FEATURES, w, fit.bias(), threshold, Json.MAPPER.createObjectNode());
    }

    /**
     * Penalty by cross-validated recall at the FP target, and the threshold from the same scores:
     * the lowest at which at most {@link #FP_TARGET} of the labelled negatives are flagged, raised
     * if needed above every platform message's score (rows from {@code labelled} on), since a
     * flagged platform message would stop a legitimate run.
     */
    static Choice choose(List<NgramFeatures.Vector> xs, List<Boolean> labels, int[] rows, int labelled) {
        List<Boolean> sub = labelsOf(labels, rows);
        int[] fold = HoldoutSplit.folds(sub, SEED + 2, FOLDS);
        Choice best = null;
        double bestRecall = -1;
        for (double l2 : L2_GRID) {
            double[] oof = new double[rows.length];
            for (int k = 0; k < FOLDS; k++) {
                int kk = k;
                int[] tr = Arrays.stream(indices(rows.length, i -> fold[i] != kk))
                        .map(i -> rows[i])
                        .toArray();
                Fit f = fit(xs, labels, tr, l2);
                for (int i = 0; i < rows.length; i++) {
                    if (fold[i] == k) {
                        oof[i] = f.score(xs.get(rows[i]));
                    }
                }
            }
            int[] mine = indices(rows.length, i -> rows[i] < labelled);
            double[] labelledScores =
                    Arrays.stream(mine).mapToDouble(i -> oof[i]).toArray();
            double threshold = thresholdAt(labelledScores, labelsOf(sub, mine), FP_TARGET);
            for (int i = 0; i < rows.length; i++) {
                if (rows[i] >= labelled) {
                    threshold = Math.max(threshold, Math.nextUp(oof[i]));
                }
            }
            double recall = 0;
            long positives = sub.stream().filter(b -> b).count();
            for (int i = 0; i < oof.length; i++) {
                if (sub.get(i) && oof[i] >= threshold) {
                    recall++;
                }
            }
            recall /= positives;
            System.out.printf(
                    Locale.ROOT, "  l2 %.0e: threshold %.4f, cross-validated recall %.3f%n", l2, threshold, recall);
            if (recall > bestRecall) {
                bestRecall = recall;
                best = new Choice(l2, threshold);
            }
        }
        return best;
    }

    /** The lowest threshold (a negative's score, nudged up) whose FP rate is at most {@code target}. */
    static double thresholdAt(double[] scores, List<Boolean> labels, double target) {
        double[] negatives = new double[(int) labels.stream().filter(b -> !b).count()];
        int n = 0;
        for (int i = 0; i < scores.length; i++) {
            if (!labels.get(i)) {
                negatives[n++] = scores[i];
            }
        }
        Arrays.sort(negatives);
        int allowed = (int) Math.floor(target * negatives.length);
        // Scores strictly above the (allowed+1)-th highest negative flag at most `allowed` negatives.
        double cut = negatives[negatives.length - 1 - allowed];
        return Math.nextUp(cut);
    }

    static Fit fit(List<NgramFeatures.Vector> xs, List<Boolean> labels, int[] rows, double l2) {
        int d = FEATURES.buckets();
        double[] w = new double[d];
        double b = 0;
        double[] m = new double[d];
        double[] v = new double[d];
        double mb = 0;
        double vb = 0;
        long positives = Arrays.stream(rows).filter(labels::get).count();
        double wPos = rows.length / (2.0 * positives);
        double wNeg = rows.length / (2.0 * (rows.length - positives));
        double[] grad = new double[d];
        for (int t = 1; t <= ITERATIONS; t++) {
            Arrays.fill(grad, 0);
            double gb = 0;
            for (int r : rows) {
                NgramFeatures.Vector x = xs.get(r);
                double z = b;
                for (int i = 0; i < x.indices().length; i++) {
                    z += w[x.indices()[i]] * x.values()[i];
                }
                double p = 1 / (1 + Math.exp(-z));
                boolean y = labels.get(r);
                double g = (p - (y ? 1 : 0)) * (y ? wPos : wNeg) / rows.length;
                for (int i = 0; i < x.indices().length; i++) {
                    grad[x.indices()[i]] += g * x.values()[i];
                }
                gb += g;
            }
            double c1 = 1 - Math.pow(0.9, t);
            double c2 = 1 - Math.pow(0.999, t);
            for (int i = 0; i < d; i++) {
                double g = grad[i] + l2 * w[i];
                if (g == 0 && m[i] == 0) {
                    continue;
                }
                m[i] = 0.9 * m[i] + 0.1 * g;
                v[i] = 0.999 * v[i] + 0.001 * g * g;
                w[i] -= LEARNING_RATE * (m[i] / c1) / (Math.sqrt(v[i] / c2) + 1e-8);
            }
            mb = 0.9 * mb + 0.1 * gb;
            vb = 0.999 * vb + 0.001 * gb * gb;
            b -= LEARNING_RATE * (mb / c1) / (Math.sqrt(vb / c2) + 1e-8);
        }
        return new Fit(w, b);
    }

    /** {recall, false-positive rate} at {@code threshold}. */
    static double[] rates(double[] scores, List<Boolean> labels, double threshold) {
        int tp = 0;
        int fp = 0;
        int pos = 0;
        int neg = 0;
        for (int i = 0; i < scores.length; i++) {
            boolean flagged = scores[i] >= threshold;
            if (labels.get(i)) {
                pos++;
                tp += flagged ? 1 : 0;
            } else {
                neg++;
                fp += flagged ? 1 : 0;
            }
        }
        return new double[] {pos == 0 ? Double.NaN : tp / (double) pos, neg == 0 ? Double.NaN : fp / (double) neg};
    }

    static double recallAtFpr(double[] scores, List<Boolean> labels, double fpr) {
        double t = thresholdAt(scores, labels, fpr);
        int tp = 0;
        int pos = 0;
        for (int i = 0; i < scores.length; i++) {
            if (labels.get(i)) {
                pos++;
                tp += scores[i] >= t ? 1 : 0;
            }
        }
        return tp / (double) pos;
    }

    static void scoreBenign(InjectionModel model, Path dir) throws IOException {
        Set<String> messages = new LinkedHashSet<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    JsonNode n = line.isBlank() ? null : Json.MAPPER.readTree(line);
                    if (n != null
                            && n.hasNonNull("content")
                            && !n.path("role").asText().equals("system")) {
                        messages.add(n.get("content").asText());
                    }
                }
            }
        }
        int flagged = 0;
        for (String m : messages) {
            if (model.flags(model.score(m))) {
                flagged++;
                if (flagged <= 10) {
                    System.out.println("  flagged: "
                            + m.substring(0, Math.min(160, m.length())).replace('\n', ' '));
                }
            }
        }
        System.out.printf("platform messages under %s: %d distinct, %d flagged%n", dir, messages.size(), flagged);
    }

    private static List<JsonNode> jsonl(byte[] raw) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : new String(raw, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                out.add(Json.MAPPER.readTree(line));
            }
        }
        return out;
    }

    private static List<Boolean> labelsOf(List<Boolean> labels, int[] rows) {
        return Arrays.stream(rows).mapToObj(labels::get).toList();
    }

    private static int[] indices(int n, IntPredicate keep) {
        return IntStream.range(0, n).filter(keep).toArray();
    }

    private static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }
}
