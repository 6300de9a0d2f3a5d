package svc.governance.injection;

import java.util.Arrays;
import java.util.Locale;

/**
 * Character n-grams of a text, hashed into a fixed number of buckets: the input of the learned G3
 * signal. Deterministic across JVMs and platforms (FNV-1a over UTF-16 code units, no
 * {@link String#hashCode} salt, no locale), so a model trained by the bench trainer scores the
 * same here. The text is case-folded and its whitespace runs collapsed to one space, then padded
 * with a space on each side so word starts and ends become n-grams of their own. Counts are
 * damped ({@code log(1 + count)}) and the vector scaled to unit length, so a long text does not
 * score high by being long.
 *
 * @param minN    shortest n-gram, at least 1
 * @param maxN    longest n-gram
 * @param buckets size of the hashed feature space
 */
public record NgramFeatures(int minN, int maxN, int buckets) {

    private static final int FNV_OFFSET = 0x811c9dc5;
    private static final int FNV_PRIME = 0x01000193;

    public NgramFeatures {
        if (minN < 1 || maxN < minN || buckets < 2) {
            throw new IllegalArgumentException("bad n-gram config " + minN + ".." + maxN + " in " + buckets);
        }
    }

    /** A sparse feature vector: bucket indices in ascending order and their values. */
    public record Vector(int[] indices, double[] values) {}

    public static String normalize(String text) {
        StringBuilder b = new StringBuilder(text.length() + 2).append(' ');
        boolean space = true;
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (Character.isWhitespace(c)) {
                if (!space) {
                    b.append(' ');
                    space = true;
                }
            } else {
                b.append(c);
                space = false;
            }
        }
        if (!space) {
            b.append(' ');
        }
        return b.toString();
    }

    public Vector vectorize(String text) {
        String s = normalize(text);
        int total = 0;
        for (int n = minN; n <= maxN; n++) {
            total += Math.max(0, s.length() - n + 1);
        }
        int[] hashes = new int[total];
        int k = 0;
        for (int start = 0; start < s.length(); start++) {
            int h = FNV_OFFSET;
            for (int n = 1; n <= maxN && start + n <= s.length(); n++) {
                char c = s.charAt(start + n - 1);
                h = (h ^ (c & 0xff)) * FNV_PRIME;
                h = (h ^ (c >>> 8)) * FNV_PRIME;
                if (n >= minN) {
                    // n is mixed in so that the same characters at two lengths never share a hash.
                    hashes[k++] = Math.floorMod((h ^ n) * FNV_PRIME, buckets);
                }
            }
        }
        Arrays.sort(hashes, 0, k);
        int distinct = 0;
        int[] indices = new int[k];
        double[] values = new double[k];
        for (int i = 0; i < k; ) {
            int j = i;
            while (j < k && hashes[j] == hashes[i]) {
                j++;
            }
            indices[distinct] = hashes[i];
            values[distinct] = Math.log1p(j - i);
            distinct++;
            i = j;
        }
        double norm = 0;
        for (int i = 0; i < distinct; i++) {
            norm += values[i] * values[i];
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < distinct && norm > 0; i++) {
            values[i] /= norm;
        }
        return new Vector(Arrays.copyOf(indices, distinct), Arrays.copyOf(values, distinct));
    }
}
