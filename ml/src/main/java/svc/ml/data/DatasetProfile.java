package svc.ml.data;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** Profile of every column and, when a target is named, its class balance. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DatasetProfile(
        int rows, List<ColumnProfile> columns, String target, List<ColumnProfile.CategoryCount> targetBalance) {}
