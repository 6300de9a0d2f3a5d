package svc.ml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The bundled real datasets, read with a plain split: none of their values holds a comma. */
public record TestCsv(List<String> header, List<String[]> rows) {

    public static final Path DATA = Path.of("../data");

    public static TestCsv adultTrain() {
        return read(DATA.resolve("adult/adult_train.csv"));
    }

    public static TestCsv adultTest() {
        return read(DATA.resolve("adult/adult_test.csv"));
    }

    public static TestCsv germanCredit() {
        return read(DATA.resolve("german_credit/german_credit.csv"));
    }

    public static TestCsv read(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return new TestCsv(
                    Arrays.asList(lines.get(0).split(",")),
                    lines.stream()
                            .skip(1)
                            .filter(l -> !l.isBlank())
                            .map(l -> l.split(",", -1))
                            .toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int size() {
        return rows.size();
    }

    public String[] column(String name) {
        int c = index(name);
        return rows.stream().map(r -> r[c]).toArray(String[]::new);
    }

    /** A numeric column; {@code ?} and blanks become NaN. */
    public double[] numeric(String name) {
        int c = index(name);
        return rows.stream()
                .mapToDouble(r -> r[c].isBlank() || r[c].equals("?") ? Double.NaN : Double.parseDouble(r[c]))
                .toArray();
    }

    /** 1 where the column equals {@code positive}. */
    public int[] labels(String name, String positive) {
        int c = index(name);
        return rows.stream().mapToInt(r -> r[c].equals(positive) ? 1 : 0).toArray();
    }

    private int index(String name) {
        int c = header.indexOf(name);
        if (c < 0) {
            throw new IllegalArgumentException("no column " + name + " in " + header);
        }
        return c;
    }

    /**
     * A fixed hand-made income score for Adult rows (no training): education, hours, marriage,
     * age and capital gains, squashed into (0, 1). Marriage status correlates with sex in Adult,
     * so the rule inherits the data's disparity, as a trained model does.
     */
    public double[] adultRuleScores() {
        double[] edu = numeric("education-num");
        double[] hours = numeric("hours-per-week");
        double[] age = numeric("age");
        double[] gain = numeric("capital-gain");
        String[] marital = column("marital-status");
        double[] out = new double[size()];
        for (int i = 0; i < out.length; i++) {
            double z = -1.6
                    + 0.35 * (edu[i] - 10)
                    + 0.04 * (hours[i] - 40)
                    + 0.02 * (age[i] - 38)
                    + (marital[i].equals("Married-civ-spouse") ? 2.0 : 0.0)
                    + (gain[i] > 5000 ? 3.0 : 0.0);
            out[i] = 1.0 / (1.0 + Math.exp(-z));
        }
        return out;
    }
}
