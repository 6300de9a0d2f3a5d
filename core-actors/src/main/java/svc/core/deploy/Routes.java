package svc.core.deploy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which deployment of a model name answers a request, fixed from one view of its deployments.
 * A request id hashes to one of 10,000 buckets; the challengers (oldest first) take consecutive
 * ranges of their shares and the champion the rest, so the same id gets the same deployment as
 * long as the shares do not change. A shadow mirrors the requests whose id hashes (with the
 * shadow's id) under its share.
 */
record Routes(
        DeploymentView view,
        Deployment champion,
        List<Deployment> challengers,
        int[] bounds,
        List<Deployment> shadows) {

    static final int BUCKETS = 10_000;

    static Routes of(DeploymentView view) {
        Deployment champion = view.champion().orElse(null);
        List<Deployment> challengers = new ArrayList<>(view.live(Deployment.CHALLENGER));
        challengers.sort(Comparator.comparing(Deployment::createdAt));
        int[] bounds = new int[challengers.size()];
        int upto = 0;
        for (int i = 0; i < bounds.length; i++) {
            upto += challengers.get(i).trafficPct() * (BUCKETS / 100);
            bounds[i] = upto;
        }
        List<Deployment> shadows = new ArrayList<>(view.live(Deployment.SHADOW));
        shadows.sort(Comparator.comparing(Deployment::createdAt));
        return new Routes(view, champion, List.copyOf(challengers), bounds, List.copyOf(shadows));
    }

    /** The deployment that answers {@code requestId}: a challenger by its share, else the champion. */
    Deployment choose(String requestId) {
        int bucket = Math.floorMod(hash(requestId), BUCKETS);
        for (int i = 0; i < bounds.length; i++) {
            if (bucket < bounds[i]) {
                return challengers.get(i);
            }
        }
        return champion;
    }

    /** Whether {@code shadow} sees a copy of {@code requestId}, answered by {@code served}. */
    boolean mirrors(Deployment shadow, Deployment served, String requestId) {
        if (shadow.modelId().equals(served.modelId())) {
            return false; // a model compared with itself says nothing
        }
        return shadow.trafficPct() >= 100
                || Math.floorMod(hash(shadow.deploymentId() + "|" + requestId), 100) < shadow.trafficPct();
    }

    /** FNV-1a, 64 bits: stable across processes and versions, unlike {@code String.hashCode} mixes. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h ^ (h >>> 32);
    }
}
