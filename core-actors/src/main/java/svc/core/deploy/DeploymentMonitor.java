package svc.core.deploy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import svc.config.Json;
import svc.ml.drift.DriftBand;
import svc.ml.drift.SlidingPsi;

/**
 * What one node sees of one model name's traffic, turned into stream messages: requests per
 * deployment (a {@code traffic} message each tick with news), each shadow's agreement with the
 * served answers over its last comparisons (a {@code shadow} message each tick with news), and the
 * PSI of the live inputs against the champion's training reference over a sliding window of rows
 * (a {@code drift} message whenever the worst feature's band changes: raised when it climbs into
 * {@code moderate} or {@code significant}, cleared when it falls back).
 *
 * <p>Fed from the inference threads and ticked by the scheduler; every method holds the monitor's
 * lock for a few counter updates (the PSI computation included: features × bins additions).
 */
final class DeploymentMonitor {

    private final String model;
    private final DeploymentEvents events;
    private final Supplier<InferenceListener> listener;
    private final Clock clock;
    private final int shadowWindow;
    private final int driftMinRows;
    private final int driftCheckEvery;

    private final Map<String, long[]> served = new LinkedHashMap<>();
    private final Map<String, Agreement> shadows = new LinkedHashMap<>();
    private String referenceModel;
    private SlidingPsi psi;
    private DriftBand band = DriftBand.STABLE;
    private int rowsSinceCheck;

    /** A shadow's last comparisons, as a ring of outcomes. */
    private static final class Agreement {
        final boolean[] ring;
        int next;
        int size;
        int agreed;
        long total;
        boolean news;

        Agreement(int window) {
            ring = new boolean[window];
        }

        void add(boolean agree) {
            if (size == ring.length) {
                agreed -= ring[next] ? 1 : 0;
            } else {
                size++;
            }
            ring[next] = agree;
            agreed += agree ? 1 : 0;
            next = (next + 1) % ring.length;
            total++;
            news = true;
        }

        double share() {
            return size == 0 ? Double.NaN : (double) agreed / size;
        }
    }

    DeploymentMonitor(
            String model,
            DeploymentEvents events,
            Supplier<InferenceListener> listener,
            Clock clock,
            DeploymentSettings settings) {
        this.model = model;
        this.events = events;
        this.listener = listener;
        this.clock = clock;
        this.shadowWindow = settings.shadowWindow();
        this.driftMinRows = settings.driftMinRows();
        this.driftCheckEvery = settings.driftCheckEvery();
    }

    /**
     * Whether drift needs the reference of {@code championModel} (a new champion, or none yet);
     * true once per model, so one caller loads it.
     */
    synchronized boolean needsReference(String championModel) {
        if (championModel.equals(referenceModel)) {
            return false;
        }
        referenceModel = championModel;
        psi = null;
        band = DriftBand.STABLE;
        rowsSinceCheck = 0;
        return true;
    }

    /** The champion's reference is ready: drift is judged from the next rows on. */
    synchronized void reference(String championModel, SlidingPsi window) {
        if (championModel.equals(referenceModel)) {
            psi = window;
        }
    }

    /** A request answered by {@code deploymentId} with these rows (values by feature name). */
    synchronized void served(String deploymentId, List<Map<String, Object>> rows) {
        long[] n = served.computeIfAbsent(deploymentId, k -> new long[2]);
        n[0]++;
        n[1]++;
        if (psi == null) {
            return;
        }
        for (Map<String, Object> row : rows) {
            psi.add(row);
        }
        rowsSinceCheck += rows.size();
        if (psi.size() >= Math.min(driftMinRows, psi.window()) && rowsSinceCheck >= driftCheckEvery) {
            rowsSinceCheck = 0;
            judgeDrift();
        }
    }

    private void judgeDrift() {
        List<SlidingPsi.FeaturePsi> features = psi.psi();
        if (features.isEmpty()) {
            return;
        }
        for (SlidingPsi.FeaturePsi f : features) {
            listener.get().psi(model, f.feature(), f.psi());
        }
        SlidingPsi.FeaturePsi worst = features.stream()
                .max(Comparator.comparingDouble(SlidingPsi.FeaturePsi::psi))
                .orElseThrow();
        if (worst.band() == band || (worst.band().compareTo(band) < 0 && !clearlyBelow(worst.psi()))) {
            return;
        }
        ObjectNode m = message(DeploymentMessage.DRIFT)
                .put("alert", worst.band() != DriftBand.STABLE)
                .put("band", worst.band().json())
                .put("previous_band", band.json())
                .put("max_psi", worst.psi())
                .put("max_psi_feature", worst.feature())
                .put("reference_model", referenceModel)
                .put("window_rows", psi.size())
                .put("moderate_psi", psi.thresholds().moderate())
                .put("significant_psi", psi.thresholds().significant());
        ArrayNode list = m.putArray("features");
        for (SlidingPsi.FeaturePsi f : features) {
            list.addObject()
                    .put("feature", f.feature())
                    .put("psi", f.psi())
                    .put("band", f.band().json());
        }
        band = worst.band();
        events.publish(new DeploymentMessage(model, DeploymentMessage.DRIFT, Json.write(m)));
    }

    /**
     * Hysteresis: a raised band is cleared only once the worst PSI is a fifth below the band's
     * threshold, so a window hovering at the threshold does not flap between alert and clear.
     */
    private boolean clearlyBelow(double worst) {
        double threshold = band == DriftBand.SIGNIFICANT
                ? psi.thresholds().significant()
                : psi.thresholds().moderate();
        return worst < 0.8 * threshold;
    }

    /** One shadow comparison. */
    synchronized void shadow(String deploymentId, boolean agreed) {
        Agreement a = shadows.computeIfAbsent(deploymentId, k -> new Agreement(shadowWindow));
        a.add(agreed);
        listener.get().shadow(model, deploymentId, agreed, a.share());
    }

    /** Sends the traffic and agreement news since the last tick. */
    synchronized void tick(long intervalMillis) {
        if (served.values().stream().anyMatch(n -> n[1] > 0)) {
            ObjectNode m = message(DeploymentMessage.TRAFFIC).put("interval_ms", intervalMillis);
            ObjectNode recent = m.putObject("served");
            ObjectNode totals = m.putObject("totals");
            served.forEach((dep, n) -> {
                recent.put(dep, n[1]);
                totals.put(dep, n[0]);
                n[1] = 0;
            });
            events.publish(new DeploymentMessage(model, DeploymentMessage.TRAFFIC, Json.write(m)));
        }
        shadows.forEach((dep, a) -> {
            if (a.news) {
                a.news = false;
                ObjectNode m = message(DeploymentMessage.SHADOW)
                        .put("deployment_id", dep)
                        .put("agreement", a.share())
                        .put("window", a.size)
                        .put("agreed", a.agreed)
                        .put("compared_total", a.total);
                events.publish(new DeploymentMessage(model, DeploymentMessage.SHADOW, Json.write(m)));
            }
        });
    }

    private ObjectNode message(String type) {
        return Json.object()
                .put("type", type)
                .put("model", model)
                .put("at", clock.instant().toString());
    }
}
