package svc.ml.data;

/**
 * Infers a column type from its present values: the narrowest of boolean, numeric, date that
 * every present value satisfies, else categorical. 0/1 columns stay numeric on purpose: they are
 * already model-ready and often counts.
 */
public final class TypeInference {
    private TypeInference() {}

    public static ColumnType infer(String[] values) {
        boolean allBool = true;
        boolean allNum = true;
        boolean allDate = true;
        int present = 0;
        for (String v : values) {
            if (v == null) {
                continue;
            }
            present++;
            allBool &= ValueParsing.isBoolean(v);
            allNum &= ValueParsing.isNumber(v);
            allDate &= ValueParsing.isDate(v);
            if (!allBool && !allNum && !allDate) {
                return ColumnType.CATEGORICAL;
            }
        }
        if (present == 0) {
            return ColumnType.CATEGORICAL;
        }
        if (allBool) {
            return ColumnType.BOOLEAN;
        }
        if (allNum) {
            return ColumnType.NUMERIC;
        }
        return allDate ? ColumnType.DATE : ColumnType.CATEGORICAL;
    }
}
