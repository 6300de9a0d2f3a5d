package svc.core.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;
import svc.config.Json;
import svc.governance.signing.Digests;

/**
 * How a run split its data, as {@code metrics.json} records it under {@code split}: the dataset's
 * SHA-256, the seed, the sizes and a SHA-256 of the test rows' indices. Two models were evaluated
 * on the same test split exactly when the dataset hash and the test rows' hash are equal.
 */
public final class Partitions {

    private Partitions() {}

    public static ObjectNode describe(String datasetSha256, long seed, int trainRows, int validationRows, int[] test) {
        String testRows = Arrays.stream(test).mapToObj(Integer::toString).collect(Collectors.joining(","));
        return Json.object()
                .put("dataset_sha256", datasetSha256)
                .put("seed", seed)
                .put("train_rows", trainRows)
                .put("validation_rows", validationRows)
                .put("test_rows", test.length)
                .put("test_rows_sha256", Digests.sha256Hex(testRows.getBytes(StandardCharsets.UTF_8)));
    }
}
