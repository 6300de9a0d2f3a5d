package svc.ml.explain;

import svc.ml.train.FlatTree;

/**
 * Exact path-dependent TreeSHAP for one tree (Lundberg, Erion and Lee 2018, "Consistent
 * individualized feature attribution for tree ensembles", Algorithm 2). The background
 * distribution is the tree's own covers: a feature outside the coalition sends the row down
 * both children, weighted by the children's share of training rows.
 *
 * <p>The recursion keeps, per depth level, the "path" of unique features met so far: for each
 * one the fraction of zero paths (feature not in the coalition, {@code z}) and one paths
 * (feature in it, {@code o}) that flow through, and the permutation weights {@code w} of every
 * coalition size. EXTEND grows the path by one feature; UNWIND undoes it, which is how a
 * feature's own contribution is isolated at a leaf and how a feature split on twice is merged.
 * Cost is O(leaves * depth^2) per row. Not thread-safe: use one instance per thread.
 */
public final class TreeShap {
    /** 1/k for path positions; paths are never longer than this many features plus one. */
    private static final double[] RECIPROCAL = new double[129];

    static {
        for (int k = 1; k < RECIPROCAL.length; k++) {
            RECIPROCAL[k] = 1.0 / k;
        }
    }

    private final int[] feature;
    private final double[] threshold;
    private final int[] left;
    private final int[] right;
    private final double[] cover;
    private final double[] leafValue;
    /** Path storage: level {@code L} uses entries {@code [L*width, L*width + width)}. */
    private final int width;

    private final int[] d;
    private final double[] z;
    private final double[] o;
    private final double[] w;
    private double[] phi;
    private double[] x;

    /** Prepares scratch space for explaining {@code output} of {@code tree}. */
    public TreeShap(FlatTree tree, int output) {
        this.feature = tree.feature();
        this.threshold = tree.threshold();
        this.left = tree.left();
        this.right = tree.right();
        this.cover = tree.cover();
        this.leafValue = new double[tree.nodeCount()];
        for (int n = 0; n < leafValue.length; n++) {
            leafValue[n] = tree.isLeaf(n) ? tree.value()[n][output] : 0;
        }
        this.width = tree.depth() + 2;
        if (width >= RECIPROCAL.length) {
            throw new IllegalArgumentException(
                    "tree depth " + tree.depth() + " is beyond the supported " + (RECIPROCAL.length - 2));
        }
        this.d = new int[width * width];
        this.z = new double[width * width];
        this.o = new double[width * width];
        this.w = new double[width * width];
    }

    /** The tree's expected output under its cover distribution: the SHAP base value. */
    public double expectedValue() {
        return expected(0);
    }

    private double expected(int n) {
        if (feature[n] < 0) {
            return leafValue[n];
        }
        int l = left[n];
        int r = right[n];
        return (cover[l] * expected(l) + cover[r] * expected(r)) / cover[n];
    }

    /** Adds this tree's SHAP values for row {@code row} into {@code into} (length = feature count). */
    public void addShap(double[] row, double[] into) {
        this.x = row;
        this.phi = into;
        recurse(0, 0, 0, 1, 1, -1);
    }

    private void recurse(int node, int level, int parentLen, double pz, double po, int pi) {
        int base = level * width;
        if (level > 0) {
            int from = base - width;
            System.arraycopy(d, from, d, base, parentLen);
            System.arraycopy(z, from, z, base, parentLen);
            System.arraycopy(o, from, o, base, parentLen);
            System.arraycopy(w, from, w, base, parentLen);
        }
        int len = extend(base, parentLen, pz, po, pi);
        int f = feature[node];
        if (f < 0) {
            double v = leafValue[node];
            for (int i = 1; i < len; i++) {
                double diff = o[base + i] - z[base + i];
                if (diff != 0) { // zero when the feature's presence changes nothing on this path
                    phi[d[base + i]] += unwoundSum(base, len, i) * diff * v;
                }
            }
            return;
        }
        boolean goesLeft = x[f] <= threshold[node];
        int hot = goesLeft ? left[node] : right[node];
        int cold = goesLeft ? right[node] : left[node];
        double iz = 1;
        double io = 1;
        for (int k = 1; k < len; k++) {
            if (d[base + k] == f) {
                iz = z[base + k];
                io = o[base + k];
                unwind(base, len, k);
                len--;
                break;
            }
        }
        double c = cover[node];
        recurse(hot, level + 1, len, iz * cover[hot] / c, io, f);
        recurse(cold, level + 1, len, iz * cover[cold] / c, 0, f);
    }

    /** Appends feature {@code pi} to the path of length {@code l}; returns the new length. */
    private int extend(int base, int l, double pz, double po, int pi) {
        d[base + l] = pi;
        z[base + l] = pz;
        o[base + l] = po;
        w[base + l] = l == 0 ? 1 : 0;
        double poScaled = po * RECIPROCAL[l + 1];
        double pzScaled = pz * RECIPROCAL[l + 1];
        for (int i = l - 1; i >= 0; i--) {
            w[base + i + 1] += poScaled * w[base + i] * (i + 1);
            w[base + i] = pzScaled * w[base + i] * (l - i);
        }
        return l + 1;
    }

    /** Removes path element {@code i} from the path of length {@code l}, undoing its EXTEND. */
    private void unwind(int base, int l, int i) {
        double one = o[base + i];
        double zero = z[base + i];
        double n = w[base + l - 1];
        for (int j = l - 2; j >= 0; j--) {
            if (one != 0) {
                double t = w[base + j];
                w[base + j] = n * l / ((j + 1) * one);
                n = t - w[base + j] * zero * (l - j - 1) / l;
            } else {
                w[base + j] = w[base + j] * l / (zero * (l - j - 1));
            }
        }
        for (int j = i; j < l - 1; j++) {
            d[base + j] = d[base + j + 1];
            z[base + j] = z[base + j + 1];
            o[base + j] = o[base + j + 1];
        }
    }

    /** Sum of the weights UNWIND would leave after removing element {@code i}, without modifying the path. */
    private double unwoundSum(int base, int l, int i) {
        double one = o[base + i];
        double zero = z[base + i];
        double total = 0;
        // the hot loop of the algorithm: divisions by loop constants are hoisted out as reciprocals
        if (one != 0) {
            double n = w[base + l - 1];
            double lOverOne = l / one;
            double zeroOverL = zero / l;
            for (int j = l - 2; j >= 0; j--) {
                double t = n * lOverOne * RECIPROCAL[j + 1];
                total += t;
                n = w[base + j] - t * zeroOverL * (l - j - 1);
            }
        } else {
            double lOverZero = l / zero;
            for (int j = l - 2; j >= 0; j--) {
                total += w[base + j] * lOverZero * RECIPROCAL[l - j - 1];
            }
        }
        return total;
    }
}
