package svc.ml.data;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Summary of one column. Numeric statistics are over present values (std is the sample standard
 * deviation, n-1); they are null for categorical columns, which list their top categories instead.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ColumnProfile(
        String name,
        ColumnType type,
        int count,
        int missing,
        double missingShare,
        int cardinality,
        Double min,
        Double max,
        Double mean,
        Double std,
        List<CategoryCount> topCategories) {

    /** A category and how many rows hold it. */
    public record CategoryCount(String value, int count, double share) {}
}
