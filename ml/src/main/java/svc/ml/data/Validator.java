package svc.ml.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Structural checks before training: target, size, constant and mostly-missing columns, duplicates. */
public final class Validator {
    /** Fewer rows than this cannot give a meaningful train/validation/test split. */
    public static final int MIN_ROWS = 50;
    /** Fewer rows than this trains, but with wide error bars. */
    public static final int FEW_ROWS = 200;

    private Validator() {}

    public static List<Finding> validate(Dataset data, String target) {
        List<Finding> out = new ArrayList<>();
        if (target == null || !data.has(target)) {
            out.add(new Finding(
                    Severity.ERROR,
                    "TARGET_MISSING",
                    target,
                    "target column '" + target + "' is not in the dataset; columns are " + data.columnNames()));
        } else {
            Column t = data.column(target);
            int missing = t.missingCount();
            if (missing > 0) {
                out.add(new Finding(
                        Severity.WARNING,
                        "TARGET_HAS_MISSING",
                        target,
                        missing + " rows have no target value and will be dropped"));
            }
            Set<String> classes = new HashSet<>();
            for (int i = 0; i < t.size(); i++) {
                if (!t.isMissing(i)) {
                    classes.add(t.value(i));
                }
            }
            if (classes.size() < 2) {
                out.add(new Finding(
                        Severity.ERROR,
                        "TARGET_CONSTANT",
                        target,
                        "target column '" + target + "' has " + classes.size()
                                + " distinct value(s); need at least 2"));
            }
        }
        int rows = data.rowCount();
        if (rows < MIN_ROWS) {
            out.add(new Finding(
                    Severity.ERROR,
                    "TOO_FEW_ROWS",
                    null,
                    rows + " rows; at least " + MIN_ROWS + " are needed to train and evaluate"));
        } else if (rows < FEW_ROWS) {
            out.add(new Finding(
                    Severity.WARNING,
                    "FEW_ROWS",
                    null,
                    rows + " rows; metrics will have wide confidence intervals below " + FEW_ROWS));
        }
        for (Column c : data.columns()) {
            ColumnProfile p = Profiler.profile(c);
            if (p.cardinality() <= 1 && !c.name().equals(target)) {
                out.add(new Finding(
                        Severity.WARNING,
                        "CONSTANT_COLUMN",
                        c.name(),
                        "column '" + c.name() + "' has " + p.cardinality()
                                + " distinct value(s) and carries no signal"));
            }
            if (p.missingShare() > 0.5) {
                out.add(new Finding(
                        Severity.WARNING,
                        "MOSTLY_MISSING",
                        c.name(),
                        String.format("column '%s' is %.1f%% missing", c.name(), 100 * p.missingShare())));
            }
        }
        int dups = duplicateRows(data);
        if (dups > 0) {
            out.add(new Finding(
                    Severity.WARNING, "DUPLICATE_ROWS", null, dups + " rows are exact duplicates of an earlier row"));
        }
        return out;
    }

    /** Number of rows identical (all columns, missing equal to missing) to an earlier row. */
    public static int duplicateRows(Dataset data) {
        Set<List<String>> seen = new HashSet<>();
        int dups = 0;
        String[] row = new String[data.columnCount()];
        for (int r = 0; r < data.rowCount(); r++) {
            for (int c = 0; c < row.length; c++) {
                row[c] = data.columns().get(c).value(r);
            }
            if (!seen.add(Arrays.asList(row.clone()))) {
                dups++;
            }
        }
        return dups;
    }
}
