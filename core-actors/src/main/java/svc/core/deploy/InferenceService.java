package svc.core.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.tools.ml.ModelIds;
import svc.core.tools.ml.TrainingReference;
import svc.ml.drift.DriftThresholds;
import svc.ml.drift.ReferenceBins;
import svc.ml.drift.SlidingPsi;
import svc.ml.online.Outcomes;
import svc.ml.online.ProportionTest;
import svc.ml.online.Scores;
import svc.ml.train.RawFeature;
import svc.ml.train.ServedModel;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.inference.PredictionRepository.Figures;
import svc.persistence.store.WorkingCopy;

/**
 * Online inference for model names: {@code predict} answers from the champion or a challenger by
 * traffic share (sticky per request id), on the inference dispatcher, with the models loaded once
 * ({@link ModelCache}) and the routes cached ({@link RouteTable}). After the answer is made, the
 * request is mirrored to the shadows on the shadow dispatcher (a bounded backlog; past it a copy
 * is dropped and counted), and the answer and the shadows' answers are queued for the database
 * ({@link PredictionLog}): nothing of that is on the answer's path. {@code feedback} joins ground
 * truth to the stored answer and lets each canary rule of the name judge its challenger.
 */
public final class InferenceService {

    private static final Logger LOG = LoggerFactory.getLogger(InferenceService.class);

    /** One answered request. */
    public record Answer(
            String model,
            String deploymentId,
            String modelId,
            String state,
            String requestId,
            List<ServedModel.Prediction> predictions) {}

    /** Ground truth joined to a stored answer; {@code correct} is null for a regression. */
    public record Feedback(String model, String requestId, String deploymentId, Boolean correct, int labelled) {}

    /** A deployment's live figures over every stored answer. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record DeploymentFigures(
            String deploymentId,
            String modelId,
            String state,
            int trafficPct,
            long served,
            long labelled,
            Double accuracy,
            Double brier,
            Double meanAbsError,
            Long shadowCompared,
            Double shadowAgreement) {}

    /** A challenger against the champion on their labelled answers: one-sided "challenger is worse". */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Comparison(
            String challengerId,
            String championId,
            String test,
            double statistic,
            double pValue,
            double alpha,
            boolean significantlyWorse) {}

    /** A model name's live figures. */
    public record LiveFigures(String model, List<DeploymentFigures> deployments, List<Comparison> comparisons) {}

    private final DeploymentService deployments;
    private final PredictionRepository repository;
    private final PredictionLog log;
    private final RouteTable routes;
    private final ModelCache models;
    private final Map<String, DeploymentMonitor> monitors = new ConcurrentHashMap<>();
    private final Map<String, Path> directories = new ConcurrentHashMap<>();
    private final DeploymentEvents events;
    private final DeploymentSettings settings;
    private final Function<String, DriftThresholds> thresholds;
    private final WorkingCopy files;
    private final Executor inference;
    private final Executor shadow;
    private final Executor ml;
    private final Executor jdbc;
    private final Clock clock;
    private final AtomicInteger shadowBacklog = new AtomicInteger();
    private final List<InferenceListener> listeners = new CopyOnWriteArrayList<>();
    /** Hands each call to every listener (the API servers over this platform). */
    private final InferenceListener listener = new InferenceListener() {
        @Override
        public void served(String model, String deploymentId, double seconds, boolean ok) {
            listeners.forEach(l -> l.served(model, deploymentId, seconds, ok));
        }

        @Override
        public void shadow(String model, String deploymentId, boolean agreed, double windowAgreement) {
            listeners.forEach(l -> l.shadow(model, deploymentId, agreed, windowAgreement));
        }

        @Override
        public void psi(String model, String feature, double psi) {
            listeners.forEach(l -> l.psi(model, feature, psi));
        }

        @Override
        public void dropped(String what) {
            listeners.forEach(l -> l.dropped(what));
        }
    };

    InferenceService(
            DeploymentService deployments,
            PredictionRepository repository,
            DeploymentEvents events,
            DeploymentSettings settings,
            Function<String, DriftThresholds> thresholds,
            WorkingCopy files,
            Executor inference,
            Executor shadow,
            Executor ml,
            Executor jdbc,
            Executor callbacks,
            Clock clock) {
        this.deployments = deployments;
        this.repository = repository;
        this.events = events;
        this.settings = settings;
        this.thresholds = thresholds;
        this.files = files;
        this.inference = inference;
        this.shadow = shadow;
        this.ml = ml;
        this.jdbc = jdbc;
        this.clock = clock;
        this.log = new PredictionLog(repository, jdbc, settings.logBacklog(), () -> listener);
        // A model is read once into memory; a copy swept since its run ended is pulled again first.
        this.models = new ModelCache(settings.modelsCached(), dir -> files.read(dir, ServedModel::load));
        this.routes = new RouteTable(deployments::get, settings.routesTtl().toNanos(), callbacks);
        events.subscribe(DeploymentEvents.ALL, m -> {
            if (m.changesRoutes()) {
                routes.invalidate(m.model());
            }
        });
    }

    /** Adds a listener (an API server's metrics); closing the handle removes it. */
    public AutoCloseable listen(InferenceListener l) {
        InferenceListener added = Objects.requireNonNull(l);
        listeners.add(added);
        return () -> listeners.remove(added);
    }

    public DeploymentEvents events() {
        return events;
    }

    // ---- predictions ----------------------------------------------------------------------

    /**
     * Answers {@code rows} (a JSON array of feature objects) from the deployment the request id
     * routes to; a request without an id gets a new one, returned in the answer.
     */
    public CompletionStage<Answer> predict(String model, JsonNode rows, String requestId) {
        if (requestId != null && (requestId.isBlank() || requestId.length() > 128)) {
            return CompletableFuture.failedFuture(
                    new RunErrors.Invalid(List.of("request_id: 1 to 128 characters when given")));
        }
        String id = requestId != null ? requestId : newRequestId();
        long started = System.nanoTime();
        return routes.get(model).thenApplyAsync(r -> serve(model, r, rows, id, started), inference);
    }

    private Answer serve(String model, Routes r, JsonNode rows, String requestId, long started) {
        if (r.champion() == null) {
            throw new RunErrors.Conflict(model + " has no champion: deploy one, or promote a challenger");
        }
        Deployment chosen = r.choose(requestId);
        List<Map<String, Object>> input;
        List<ServedModel.Prediction> out;
        try {
            ServedModel served = models.get(directory(chosen));
            try {
                input = served.rows(rows);
            } catch (IllegalArgumentException e) {
                throw new RunErrors.Invalid(List.of(e.getMessage()));
            }
            try {
                out = served.predict(input);
            } catch (RuntimeException e) {
                throw new DeploymentErrors.Unprocessable(
                        e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        } catch (RuntimeException e) {
            listener.served(model, chosen.deploymentId(), seconds(started), false);
            throw e;
        }
        listener.served(model, chosen.deploymentId(), seconds(started), true);
        DeploymentMonitor monitor = monitor(model);
        watchDrift(monitor, r.champion());
        monitor.served(chosen.deploymentId(), input);
        ServedModel.Prediction first = out.get(0);
        log.served(new PredictionRepository.ServedRow(
                requestId,
                model,
                chosen.deploymentId(),
                chosen.modelId(),
                input.size(),
                first.label(),
                first.probabilities() == null ? null : Json.write(first.probabilities()),
                first.value(),
                clock.instant()));
        for (Deployment s : r.shadows()) {
            if (r.mirrors(s, chosen, requestId)) {
                mirror(model, s, chosen, requestId, input, first);
            }
        }
        return new Answer(model, chosen.deploymentId(), chosen.modelId(), chosen.state(), requestId, out);
    }

    /** The copy for one shadow: queued on the shadow dispatcher unless its backlog is full. */
    private void mirror(
            String model,
            Deployment s,
            Deployment served,
            String requestId,
            List<Map<String, Object>> input,
            ServedModel.Prediction answer) {
        if (shadowBacklog.incrementAndGet() > settings.shadowBacklog()) {
            shadowBacklog.decrementAndGet();
            listener.dropped("shadow");
            return;
        }
        try {
            shadow.execute(() -> {
                try {
                    ServedModel.Prediction p = models.get(directory(s))
                            .predict(List.of(input.get(0)))
                            .get(0);
                    boolean agreed = agree(answer, p);
                    monitor(model).shadow(s.deploymentId(), agreed);
                    log.shadow(new PredictionRepository.ShadowRow(
                            requestId,
                            model,
                            s.deploymentId(),
                            s.modelId(),
                            served.deploymentId(),
                            text(p),
                            text(answer),
                            agreed,
                            clock.instant()));
                } catch (RuntimeException e) {
                    LOG.debug("shadow {} of {} could not answer: {}", s.deploymentId(), model, e.getMessage());
                } finally {
                    shadowBacklog.decrementAndGet();
                }
            });
        } catch (RuntimeException rejected) {
            shadowBacklog.decrementAndGet();
            listener.dropped("shadow");
        }
    }

    /** Same label (classification), or values within 1e-6 relative (regression). */
    static boolean agree(ServedModel.Prediction served, ServedModel.Prediction shadow) {
        if (served.label() != null) {
            return served.label().equals(shadow.label());
        }
        if (served.value() == null || shadow.value() == null) {
            return false;
        }
        double a = served.value();
        double b = shadow.value();
        return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }

    private static String text(ServedModel.Prediction p) {
        return p.label() != null ? p.label() : p.value() == null ? null : Double.toString(p.value());
    }

    /** Where a deployment's model is; found once per model (finding it reads the run's metrics.json). */
    private Path directory(Deployment d) {
        Path dir = directories.computeIfAbsent(
                d.modelId(), id -> ModelIds.directory(files, id).orElse(null));
        if (dir == null) {
            throw new RunErrors.Conflict(
                    "the saved model " + d.modelId() + " of deployment " + d.deploymentId() + " is gone");
        }
        return dir;
    }

    private DeploymentMonitor monitor(String model) {
        return monitors.computeIfAbsent(model, m -> new DeploymentMonitor(m, events, () -> listener, clock, settings));
    }

    /** Loads the champion's training reference once per champion, off the inference threads. */
    private void watchDrift(DeploymentMonitor monitor, Deployment champion) {
        if (!monitor.needsReference(champion.modelId())) {
            return;
        }
        CompletableFuture.supplyAsync(
                        () -> {
                            ServedModel m = models.get(directory(champion));
                            List<String> features = m.model().features().stream()
                                    .map(RawFeature::name)
                                    .toList();
                            DriftThresholds t = thresholds.apply(champion.profile());
                            return new SlidingPsi(
                                    ReferenceBins.of(TrainingReference.of(files, champion.runId()), features, t),
                                    settings.driftWindow(),
                                    t);
                        },
                        ml)
                .whenCompleteAsync(
                        (window, failure) -> {
                            if (failure != null) {
                                LOG.warn(
                                        "no drift watch for {}: the training reference of {} could not be read: {}",
                                        champion.modelName(),
                                        champion.modelId(),
                                        failure.getMessage());
                            } else {
                                monitor.reference(champion.modelId(), window);
                            }
                        },
                        ml);
    }

    /** Sends each model name's traffic and agreement news (the platform's scheduler calls it). */
    void tick(long intervalMillis) {
        monitors.values().forEach(m -> m.tick(intervalMillis));
        if (!log.idle()) {
            log.flush();
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }

    private static String newRequestId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return "req-" + Long.toHexString(r.nextLong() | Long.MIN_VALUE)
                + Long.toHexString(r.nextLong() | Long.MIN_VALUE);
    }

    // ---- feedback and live figures --------------------------------------------------------

    /**
     * Joins the ground truth of request {@code requestId} to its stored answer(s), then lets the
     * canary rules of the name's challengers judge the evidence so far.
     */
    public CompletionStage<Feedback> feedback(String model, String requestId, JsonNode label) {
        if (requestId == null || requestId.isBlank()) {
            return CompletableFuture.failedFuture(new RunErrors.Invalid(List.of("request_id: required")));
        }
        if (label == null || !(label.isTextual() || label.isNumber() || label.isBoolean())) {
            return CompletableFuture.failedFuture(
                    new RunErrors.Invalid(List.of("label: required, a string, number or boolean")));
        }
        return log.flush()
                .thenApplyAsync(done -> label(model, requestId, label), jdbc)
                .thenComposeAsync(f -> canaryChecks(model).thenApplyAsync(done -> f, jdbc), jdbc);
    }

    private Feedback label(String model, String requestId, JsonNode label) {
        try {
            List<PredictionRepository.Answer> stored = repository.answers(model, requestId);
            if (stored.isEmpty()) {
                throw new RunErrors.NotFound("no answer of " + model + " to request " + requestId
                        + " is stored (answers are kept for the shadow_predictions retention class)");
            }
            String actual = label.asText();
            Instant now = clock.instant();
            Boolean lastCorrect = null;
            int n = 0;
            for (PredictionRepository.Answer a : stored) {
                if (a.labelled()) {
                    continue;
                }
                Boolean correct = null;
                Double brier = null;
                Double absError = null;
                if (a.value() != null) {
                    absError = label.isNumber() ? Math.abs(label.asDouble() - a.value()) : null;
                } else {
                    correct = actual.equals(a.predicted());
                    if (a.probabilitiesJson() != null) {
                        Map<String, Double> p = Json.MAPPER.readValue(
                                a.probabilitiesJson(),
                                Json.MAPPER.getTypeFactory().constructMapType(Map.class, String.class, Double.class));
                        brier = Scores.brier(p, actual);
                    }
                }
                repository.label(a.id(), actual, correct, brier, absError, now);
                lastCorrect = correct;
                n++;
            }
            if (n == 0) {
                throw new RunErrors.Conflict("request " + requestId + " of " + model + " is labelled already");
            }
            return new Feedback(model, requestId, stored.get(0).deploymentId(), lastCorrect, n);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("could not record the feedback: " + e.getMessage(), e);
        }
    }

    /** For each challenger with a canary rule: the evidence of its current round, to its entity. */
    private CompletionStage<Void> canaryChecks(String model) {
        return routes.get(model)
                .thenComposeAsync(
                        r -> {
                            List<CompletableFuture<?>> checks = new ArrayList<>();
                            for (Deployment c : r.challengers()) {
                                if (c.canary() == null || r.champion() == null) {
                                    continue;
                                }
                                Outcomes champion = outcomes(r.champion().deploymentId(), c.canarySince());
                                Outcomes challenger = outcomes(c.deploymentId(), c.canarySince());
                                checks.add(deployments
                                        .canaryCheck(model, c.deploymentId(), c.canaryRound(), champion, challenger)
                                        .toCompletableFuture());
                            }
                            return CompletableFuture.allOf(checks.toArray(new CompletableFuture<?>[0]));
                        },
                        jdbc);
    }

    private Outcomes outcomes(String deploymentId, Instant since) {
        try {
            Figures f = repository.labelledSince(deploymentId, since);
            return new Outcomes(f.classified(), f.correct());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Live figures of every deployment of the name, and each challenger tested against the champion. */
    public CompletionStage<LiveFigures> figures(String model) {
        return log.flush()
                .thenComposeAsync(done -> deployments.get(model), jdbc)
                .thenApplyAsync(view -> figures(model, view), jdbc);
    }

    private LiveFigures figures(String model, DeploymentView view) {
        try {
            Map<String, Figures> byId = new HashMap<>();
            for (Figures f : repository.figures(model)) {
                byId.put(f.deploymentId(), f);
            }
            Map<String, PredictionRepository.Agreement> agreement = new HashMap<>();
            for (PredictionRepository.Agreement a : repository.agreement(model)) {
                agreement.put(a.deploymentId(), a);
            }
            List<DeploymentFigures> out = new ArrayList<>();
            for (Deployment d : view.deployments()) {
                Figures f = byId.getOrDefault(d.deploymentId(), Figures.none(d.deploymentId()));
                PredictionRepository.Agreement a = agreement.get(d.deploymentId());
                out.add(new DeploymentFigures(
                        d.deploymentId(),
                        d.modelId(),
                        d.state(),
                        d.trafficPct(),
                        f.served(),
                        f.labelled(),
                        f.classified() == 0 ? null : (double) f.correct() / f.classified(),
                        f.scored() == 0 ? null : f.brierSum() / f.scored(),
                        f.regressed() == 0 ? null : f.absErrorSum() / f.regressed(),
                        a == null ? null : a.compared(),
                        a == null || a.compared() == 0 ? null : (double) a.agreed() / a.compared()));
            }
            List<Comparison> comparisons = new ArrayList<>();
            Optional<Deployment> champion = view.champion();
            if (champion.isPresent()) {
                Figures cf = byId.get(champion.get().deploymentId());
                Outcomes co = cf == null ? Outcomes.NONE : new Outcomes(cf.classified(), cf.correct());
                for (Deployment c : view.live(Deployment.CHALLENGER)) {
                    Figures f = byId.get(c.deploymentId());
                    Outcomes o = f == null ? Outcomes.NONE : new Outcomes(f.classified(), f.correct());
                    ProportionTest.Result test = ProportionTest.challengerWorse(co, o);
                    double alpha = c.canary() == null ? 0.05 : c.canary().alpha();
                    comparisons.add(new Comparison(
                            c.deploymentId(),
                            champion.get().deploymentId(),
                            test.test(),
                            test.statistic(),
                            test.pValue(),
                            alpha,
                            test.significant(alpha)));
                }
            }
            return new LiveFigures(model, out, comparisons);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
