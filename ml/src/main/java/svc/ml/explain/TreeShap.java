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
    private final FlatTree tree;
    private final int output;
    private final int levels;
    private final int[][] d;
    private final double[][] z;
    private final double[][] o;
    private final double[][] w;
    private double[] phi;
    private double[] x;

    /** Prepares scratch space for explaining {@code output} of {@code tree}. */
    public TreeShap(FlatTree tree, int output) {
        this.tree = tree;
        this.output = output;
        this.levels = tree.depth() + 2;
        this.d = new int[levels][levels];
        this.z = new double[levels][levels];
        this.o = new double[levels][levels];
        this.w = new double[levels][levels];
    }

    /** The tree's expected output under its cover distribution: the SHAP base value. */
    public double expectedValue() {
        return expected(0);
    }

    private double expected(int n) {
        if (tree.isLeaf(n)) {
            return tree.value()[n][output];
        }
        int l = tree.left()[n];
        int r = tree.right()[n];
        return (tree.cover()[l] * expected(l) + tree.cover()[r] * expected(r)) / tree.cover()[n];
    }

    /** Adds this tree's SHAP values for row {@code row} into {@code into} (length = feature count). */
    public void addShap(double[] row, double[] into) {
        this.x = row;
        this.phi = into;
        recurse(0, 0, 0, 1, 1, -1);
    }

    private void recurse(int node, int level, int parentLen, double pz, double po, int pi) {
        if (level > 0) {
            System.arraycopy(d[level - 1], 0, d[level], 0, parentLen);
            System.arraycopy(z[level - 1], 0, z[level], 0, parentLen);
            System.arraycopy(o[level - 1], 0, o[level], 0, parentLen);
            System.arraycopy(w[level - 1], 0, w[level], 0, parentLen);
        }
        int len = extend(level, parentLen, pz, po, pi);
        if (tree.isLeaf(node)) {
            double v = tree.value()[node][output];
            for (int i = 1; i < len; i++) {
                if (o[level][i] == z[level][i]) {
                    continue; // no difference between in and out of the coalition
                }
                phi[d[level][i]] += unwoundSum(level, len, i) * (o[level][i] - z[level][i]) * v;
            }
            return;
        }
        int f = tree.feature()[node];
        boolean goesLeft = x[f] <= tree.threshold()[node];
        int hot = goesLeft ? tree.left()[node] : tree.right()[node];
        int cold = goesLeft ? tree.right()[node] : tree.left()[node];
        double iz = 1;
        double io = 1;
        for (int k = 1; k < len; k++) {
            if (d[level][k] == f) {
                iz = z[level][k];
                io = o[level][k];
                unwind(level, len, k);
                len--;
                break;
            }
        }
        double cover = tree.cover()[node];
        recurse(hot, level + 1, len, iz * tree.cover()[hot] / cover, io, f);
        recurse(cold, level + 1, len, iz * tree.cover()[cold] / cover, 0, f);
    }

    /** Appends feature {@code pi} to the path of length {@code l}; returns the new length. */
    private int extend(int level, int l, double pz, double po, int pi) {
        int[] dd = d[level];
        double[] zz = z[level];
        double[] oo = o[level];
        double[] ww = w[level];
        dd[l] = pi;
        zz[l] = pz;
        oo[l] = po;
        ww[l] = l == 0 ? 1 : 0;
        for (int i = l - 1; i >= 0; i--) {
            ww[i + 1] += po * ww[i] * (i + 1) / (l + 1);
            ww[i] = pz * ww[i] * (l - i) / (l + 1);
        }
        return l + 1;
    }

    /** Removes path element {@code i} from the path of length {@code l}, undoing its EXTEND. */
    private void unwind(int level, int l, int i) {
        int[] dd = d[level];
        double[] zz = z[level];
        double[] oo = o[level];
        double[] ww = w[level];
        double one = oo[i];
        double zero = zz[i];
        double n = ww[l - 1];
        for (int j = l - 2; j >= 0; j--) {
            if (one != 0) {
                double t = ww[j];
                ww[j] = n * l / ((j + 1) * one);
                n = t - ww[j] * zero * (l - j - 1) / l;
            } else {
                ww[j] = ww[j] * l / (zero * (l - j - 1));
            }
        }
        for (int j = i; j < l - 1; j++) {
            dd[j] = dd[j + 1];
            zz[j] = zz[j + 1];
            oo[j] = oo[j + 1];
        }
    }

    /** Sum of the weights UNWIND would leave after removing element {@code i}, without modifying the path. */
    private double unwoundSum(int level, int l, int i) {
        double[] ww = w[level];
        double one = o[level][i];
        double zero = z[level][i];
        double total = 0;
        if (one != 0) {
            double n = ww[l - 1];
            for (int j = l - 2; j >= 0; j--) {
                double t = n * l / ((j + 1) * one);
                total += t;
                n = ww[j] - t * zero * (l - j - 1) / l;
            }
        } else {
            for (int j = l - 2; j >= 0; j--) {
                total += ww[j] * l / (zero * (l - j - 1));
            }
        }
        return total;
    }
}
