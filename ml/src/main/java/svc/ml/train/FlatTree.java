package svc.ml.train;

/**
 * A binary decision tree in flat arrays, indexed by node (root 0). A row goes left when
 * {@code x[feature] <= threshold} (Tribuo's convention). {@code cover} is the number (or weight)
 * of training rows reaching the node; SHAP uses it as the path-dependent background
 * distribution. Leaves have feature -1 and one value per model output.
 */
public record FlatTree(int[] feature, double[] threshold, int[] left, int[] right, double[][] value, double[] cover) {

    public boolean isLeaf(int node) {
        return feature[node] < 0;
    }

    public int leafFor(double[] x) {
        int n = 0;
        while (!isLeaf(n)) {
            n = x[feature[n]] <= threshold[n] ? left[n] : right[n];
        }
        return n;
    }

    public int nodeCount() {
        return feature.length;
    }

    public int depth() {
        return depth(0);
    }

    private int depth(int n) {
        return isLeaf(n) ? 0 : 1 + Math.max(depth(left[n]), depth(right[n]));
    }
}
