package svc.ml.data;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A fitted transform from raw columns to a dense numeric matrix. Fitted once on training rows and
 * then applied unchanged to validation, test and inference rows, so no statistic of unseen data
 * leaks in. Numeric, boolean and date columns are median-imputed (and standardized when asked);
 * categorical columns are mode-imputed, then one-hot encoded up to {@link #ONE_HOT_MAX} categories
 * and frequency encoded above. Its state is plain records so it round-trips through JSON.
 */
public final class Preprocessor {
    /** Above this many categories a column is frequency encoded instead of one-hot. */
    public static final int ONE_HOT_MAX = 30;

    private static final Set<String> MISSING = ReadOptions.defaults().missingTokens();

    private final List<Encoding> encodings;
    private final List<String> featureNames;
    private final int[] rawIndexOfFeature;

    @JsonCreator
    public Preprocessor(@JsonProperty("encodings") List<Encoding> encodings) {
        this.encodings = List.copyOf(encodings);
        List<String> names = new ArrayList<>();
        List<Integer> raw = new ArrayList<>();
        for (int r = 0; r < encodings.size(); r++) {
            for (String o : encodings.get(r).outputs()) {
                names.add(o);
                raw.add(r);
            }
        }
        this.featureNames = List.copyOf(names);
        this.rawIndexOfFeature = raw.stream().mapToInt(Integer::intValue).toArray();
    }

    /** How one raw column becomes one or more model inputs. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = NumericEncoding.class, name = "numeric"),
        @JsonSubTypes.Type(value = OneHotEncoding.class, name = "one_hot"),
        @JsonSubTypes.Type(value = FrequencyEncoding.class, name = "frequency")
    })
    public sealed interface Encoding permits NumericEncoding, OneHotEncoding, FrequencyEncoding {
        String column();

        List<String> outputs();
    }

    /** x -> (x or median if missing - center) / scale; center 0 and scale 1 when not standardizing. */
    public record NumericEncoding(String column, ColumnType type, double median, double center, double scale)
            implements Encoding {
        @Override
        public List<String> outputs() {
            return List.of(column);
        }
    }

    /** One 0/1 input per training category; missing becomes the mode; unseen categories are all zeros. */
    public record OneHotEncoding(String column, String mode, List<String> categories) implements Encoding {
        @Override
        public List<String> outputs() {
            List<String> out = new ArrayList<>(categories.size());
            categories.forEach(c -> out.add(column + "=" + c));
            return out;
        }
    }

    /** The training share of the category (unseen: 0), standardized like a numeric input. */
    public record FrequencyEncoding(
            String column, String mode, Map<String, Double> frequencies, double center, double scale)
            implements Encoding {
        @Override
        public List<String> outputs() {
            return List.of(column + "#freq");
        }
    }

    /**
     * Fits encodings for {@code features} on {@code data}. {@code standardize} is for learners that
     * are sensitive to feature scale (linear models); trees do not need it.
     */
    public static Preprocessor fit(Dataset data, List<String> features, boolean standardize) {
        List<Encoding> encs = new ArrayList<>();
        for (String name : features) {
            Column c = data.column(name);
            if (c.isNumericLike()) {
                double[] present = Arrays.stream(numbers(c))
                        .filter(x -> !Double.isNaN(x))
                        .sorted()
                        .toArray();
                double median = present.length == 0
                        ? 0
                        : present.length % 2 == 1
                                ? present[present.length / 2]
                                : (present[present.length / 2 - 1] + present[present.length / 2]) / 2;
                double[] filled = Arrays.stream(numbers(c))
                        .map(x -> Double.isNaN(x) ? median : x)
                        .toArray();
                double[] cs = centerScale(filled, standardize);
                encs.add(new NumericEncoding(name, c.type(), median, cs[0], cs[1]));
            } else {
                List<ColumnProfile.CategoryCount> counts = Profiler.categoryCounts(c, Integer.MAX_VALUE);
                String mode = counts.isEmpty() ? "" : counts.get(0).value();
                if (counts.size() <= ONE_HOT_MAX) {
                    List<String> cats = counts.stream()
                            .map(ColumnProfile.CategoryCount::value)
                            .sorted()
                            .toList();
                    encs.add(new OneHotEncoding(name, mode, cats));
                } else {
                    Map<String, Double> freq = new LinkedHashMap<>();
                    int n = c.size();
                    Map<String, Integer> raw = new HashMap<>();
                    for (int i = 0; i < n; i++) {
                        raw.merge(c.isMissing(i) ? mode : c.value(i), 1, Integer::sum);
                    }
                    raw.forEach((k, v) -> freq.put(k, (double) v / n));
                    double[] filled = new double[n];
                    for (int i = 0; i < n; i++) {
                        filled[i] = freq.get(c.isMissing(i) ? mode : c.value(i));
                    }
                    double[] cs = centerScale(filled, standardize);
                    encs.add(new FrequencyEncoding(name, mode, freq, cs[0], cs[1]));
                }
            }
        }
        return new Preprocessor(encs);
    }

    @JsonProperty("encodings")
    public List<Encoding> encodings() {
        return encodings;
    }

    /** Names of the encoded model inputs, e.g. {@code age}, {@code sex=Female}, {@code country#freq}. */
    public List<String> featureNames() {
        return featureNames;
    }

    /** The raw columns this preprocessor reads, in order. */
    public List<String> rawColumns() {
        return encodings.stream().map(Encoding::column).toList();
    }

    /** For each encoded input, the index into {@link #rawColumns()} it came from. */
    public int[] rawIndexOfFeature() {
        return rawIndexOfFeature.clone();
    }

    /** Encodes every row of a dataset; the dataset must have every raw column. */
    public double[][] transform(Dataset data) {
        double[][] out = new double[data.rowCount()][featureNames.size()];
        int offset = 0;
        for (Encoding e : encodings) {
            Column c = data.column(e.column());
            // Categorical encodings always read the raw string: a batch whose codes all look numeric
            // ("1", "2") must still match the training categories, not "1.0".
            boolean numeric = e instanceof NumericEncoding && c.isNumericLike();
            for (int r = 0; r < out.length; r++) {
                Object raw = numeric ? (Object) c.number(r) : c.value(r);
                encode(e, raw, out[r], offset);
            }
            offset += e.outputs().size();
        }
        return out;
    }

    /**
     * Encodes one raw row (values may be strings, numbers, booleans or null). A missing key counts
     * as a missing value; a non-numeric string in a numeric column is an error naming the column.
     */
    public double[] transform(Map<String, ?> row) {
        double[] out = new double[featureNames.size()];
        int offset = 0;
        for (Encoding e : encodings) {
            encode(e, row.get(e.column()), out, offset);
            offset += e.outputs().size();
        }
        return out;
    }

    private static void encode(Encoding e, Object raw, double[] out, int offset) {
        if (e instanceof NumericEncoding n) {
            double x = toNumber(n, raw);
            out[offset] = ((Double.isNaN(x) ? n.median() : x) - n.center()) / n.scale();
        } else if (e instanceof OneHotEncoding h) {
            String s = toCategory(raw, h.mode());
            int idx = h.categories().indexOf(s);
            for (int i = 0; i < h.categories().size(); i++) {
                out[offset + i] = i == idx ? 1.0 : 0.0;
            }
        } else if (e instanceof FrequencyEncoding f) {
            String s = toCategory(raw, f.mode());
            out[offset] = (f.frequencies().getOrDefault(s, 0.0) - f.center()) / f.scale();
        } else {
            throw new IllegalStateException("unknown encoding " + e);
        }
    }

    private static double toNumber(NumericEncoding n, Object raw) {
        if (raw == null) {
            return Double.NaN;
        }
        if (raw instanceof Number num) {
            return num.doubleValue();
        }
        if (raw instanceof Boolean b) {
            return b ? 1 : 0;
        }
        String s = raw.toString().trim();
        if (MISSING.contains(s)) {
            return Double.NaN;
        }
        double x = ValueParsing.toNumber(n.type(), s);
        if (Double.isNaN(x)) {
            throw new IllegalArgumentException("column '" + n.column() + "': value '" + s + "' is not a valid "
                    + n.type().name().toLowerCase(Locale.ROOT));
        }
        return x;
    }

    private static String toCategory(Object raw, String mode) {
        if (raw == null) {
            return mode;
        }
        String s = raw.toString().trim();
        return MISSING.contains(s) ? mode : s;
    }

    private static double[] numbers(Column c) {
        double[] x = new double[c.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = c.number(i);
        }
        return x;
    }

    private static double[] centerScale(double[] x, boolean standardize) {
        if (!standardize || x.length == 0) {
            return new double[] {0, 1};
        }
        double mean = Arrays.stream(x).average().orElse(0);
        double var = Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / x.length;
        double sd = Math.sqrt(var);
        return new double[] {mean, sd > 1e-12 ? sd : 1}; // a constant column stays at 0 rather than dividing by 0
    }
}
