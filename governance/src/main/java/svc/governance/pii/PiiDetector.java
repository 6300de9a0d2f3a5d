package svc.governance.pii;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs every recognizer and keeps a non-overlapping set of entities: where two candidates overlap,
 * the higher confidence wins, then the longer span, then the recognizer registered first.
 * Thread-safe.
 */
public final class PiiDetector {

    private final List<Recognizer> recognizers;

    public PiiDetector(List<Recognizer> recognizers) {
        this.recognizers = List.copyOf(recognizers);
    }

    public static PiiDetector defaults() {
        return new PiiDetector(Recognizers.defaults());
    }

    /** The entities of {@code text}, ordered by start offset. */
    public List<PiiEntity> detect(String text) {
        List<Ranked> candidates = new ArrayList<>();
        for (int i = 0; i < recognizers.size(); i++) {
            for (PiiEntity e : recognizers.get(i).find(text)) {
                candidates.add(new Ranked(e, i));
            }
        }
        candidates.sort(Comparator.comparingDouble((Ranked r) -> -r.entity.confidence())
                .thenComparingInt(r -> -r.entity.length())
                .thenComparingInt(r -> r.order)
                .thenComparingInt(r -> r.entity.start()));
        List<PiiEntity> kept = new ArrayList<>();
        for (Ranked r : candidates) {
            if (kept.stream().noneMatch(k -> k.overlaps(r.entity))) {
                kept.add(r.entity);
            }
        }
        kept.sort(Comparator.comparingInt(PiiEntity::start));
        return kept;
    }

    private record Ranked(PiiEntity entity, int order) {
    }
}
