package svc.ml.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;
import svc.ml.train.FlatTree;

/** Our TreeSHAP against Shapley values computed by enumerating every coalition. */
class TreeShapTest {

    /** E[f(x) | x_S] under the tree's cover distribution: features outside S follow both children by cover. */
    static double conditional(FlatTree t, double[] x, boolean[] inS, int node, int output) {
        if (t.isLeaf(node)) {
            return t.value()[node][output];
        }
        int f = t.feature()[node];
        if (inS[f]) {
            return conditional(t, x, inS, x[f] <= t.threshold()[node] ? t.left()[node] : t.right()[node], output);
        }
        int l = t.left()[node];
        int r = t.right()[node];
        return (t.cover()[l] * conditional(t, x, inS, l, output) + t.cover()[r] * conditional(t, x, inS, r, output))
                / t.cover()[node];
    }

    /** phi_i = sum over S not containing i of |S|!(M-|S|-1)!/M! (v(S+i) - v(S)). */
    static double[] bruteForce(FlatTree t, double[] x, int output) {
        int m = x.length;
        double[] phi = new double[m];
        double[] fact = new double[m + 1];
        fact[0] = 1;
        for (int i = 1; i <= m; i++) {
            fact[i] = fact[i - 1] * i;
        }
        for (int mask = 0; mask < (1 << m); mask++) {
            boolean[] s = new boolean[m];
            int size = 0;
            for (int j = 0; j < m; j++) {
                s[j] = (mask & (1 << j)) != 0;
                size += s[j] ? 1 : 0;
            }
            double without = conditional(t, x, s, 0, output);
            for (int i = 0; i < m; i++) {
                if (s[i]) {
                    continue;
                }
                s[i] = true;
                double with = conditional(t, x, s, 0, output);
                s[i] = false;
                phi[i] += fact[size] * fact[m - size - 1] / fact[m] * (with - without);
            }
        }
        return phi;
    }

    /** A depth-4 tree over 3 features that splits on feature 0 twice on one path, with uneven covers. */
    static FlatTree handBuilt() {
        //            0: f0<=0.5 (100)
        //       1: f1<=0.3 (60)          2: f0<=0.8 (40)
        //   3: leaf 1 (20)  4: f2<=0.5 (40)   5: leaf 4 (10)  6: f1<=0.7 (30)
        //               7: leaf 2 (25) 8: leaf 3 (15)     9: leaf 5 (12) 10: leaf 8 (18)
        int[] feature = {0, 1, 0, -1, 2, -1, 1, -1, -1, -1, -1};
        double[] threshold = {0.5, 0.3, 0.8, 0, 0.5, 0, 0.7, 0, 0, 0, 0};
        int[] left = {1, 3, 5, -1, 7, -1, 9, -1, -1, -1, -1};
        int[] right = {2, 4, 6, -1, 8, -1, 10, -1, -1, -1, -1};
        double[][] value = {{0}, {0}, {0}, {1}, {0}, {4}, {0}, {2}, {3}, {5}, {8}};
        double[] cover = {100, 60, 40, 20, 40, 10, 30, 25, 15, 12, 18};
        return new FlatTree(feature, threshold, left, right, value, cover);
    }

    @Test
    void handBuiltTreeMatchesBruteForceIncludingRepeatedFeature() {
        FlatTree t = handBuilt();
        TreeShap shap = new TreeShap(t, 0);
        double expected = (20 * 1 + 25 * 2 + 15 * 3 + 10 * 4 + 12 * 5 + 18 * 8) / 100.0;
        assertThat(shap.expectedValue()).isCloseTo(expected, within(1e-12));
        Random r = new Random(1);
        for (int k = 0; k < 50; k++) {
            double[] x = {r.nextDouble(), r.nextDouble(), r.nextDouble()};
            double[] phi = new double[3];
            shap.addShap(x, phi);
            assertThat(phi).containsExactly(bruteForce(t, x, 0), within(1e-12));
            double sum = expected + phi[0] + phi[1] + phi[2];
            assertThat(sum).isCloseTo(t.value()[t.leafFor(x)][0], within(1e-12));
        }
    }
}
