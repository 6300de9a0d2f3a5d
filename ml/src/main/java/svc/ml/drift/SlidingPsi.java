package svc.ml.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PSI of the last {@code window} rows against a reference, per feature, updated one row at a time
 * in O(features): a ring of each row's bin indices and running counts per bin. Not thread-safe:
 * one owner feeds and reads it.
 */
public final class SlidingPsi {

    /** One feature's PSI over the window, with its band. */
    public record FeaturePsi(String feature, double psi, DriftBand band) {}

    private final List<ReferenceBins> features;
    private final DriftThresholds thresholds;
    private final int[][] ring;
    private final long[][] counts;
    private final long[] present;
    private int next;
    private int size;

    public SlidingPsi(List<ReferenceBins> features, int window, DriftThresholds thresholds) {
        if (window < 1) {
            throw new IllegalArgumentException("the PSI window must hold at least one row, got " + window);
        }
        this.features = List.copyOf(features);
        this.thresholds = thresholds;
        this.ring = new int[window][this.features.size()];
        this.counts = new long[this.features.size()][];
        for (int f = 0; f < counts.length; f++) {
            counts[f] = new long[this.features.get(f).size()];
        }
        this.present = new long[this.features.size()];
    }

    /** Adds one row (values by feature name, as the model reads them); the oldest leaves a full window. */
    public void add(Map<String, Object> row) {
        int[] slot = ring[next];
        if (size == ring.length) {
            for (int f = 0; f < slot.length; f++) {
                if (slot[f] >= 0) {
                    counts[f][slot[f]]--;
                    present[f]--;
                }
            }
        } else {
            size++;
        }
        for (int f = 0; f < slot.length; f++) {
            int b = features.get(f).bin(row.get(features.get(f).feature()));
            slot[f] = b;
            if (b >= 0) {
                counts[f][b]++;
                present[f]++;
            }
        }
        next = (next + 1) % ring.length;
    }

    /** Rows in the window. */
    public int size() {
        return size;
    }

    public int window() {
        return ring.length;
    }

    public DriftThresholds thresholds() {
        return thresholds;
    }

    /** Every feature's PSI over the window, in the reference's feature order. */
    public List<FeaturePsi> psi() {
        List<FeaturePsi> out = new ArrayList<>(features.size());
        for (int f = 0; f < features.size(); f++) {
            double psi = features.get(f).psi(counts[f], present[f], thresholds.floor());
            out.add(new FeaturePsi(features.get(f).feature(), psi, DriftBand.of(psi, thresholds)));
        }
        return out;
    }
}
