package svc.governance.pii;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs every recognizer and keeps a non-overlapping set of entities: where two candidates overlap,
 * the higher confidence wins, then the longer span, then the recognizer registered first. A
 * candidate that is part of a decimal number ({@code 0.43243243243243246}: digits right after
 * {@code <digit>.} or right before {@code .<digit>}) is dropped: figures in tool results and model
 * answers are not phone or card numbers. Thread-safe.
 */
public final class PiiDetector {

    private final List<Recognizer> recognizers;

    public PiiDetector(List<Recognizer> recognizers) {
        this.recognizers = List.copyOf(recognizers);
    }

    public static PiiDetector defaults() {
        return new PiiDetector(Recognizers.defaults());
    }

    /** The HIPAA Safe Harbor pack: the defaults and the Safe Harbor recognizers ({@link Recognizers#safeHarbor()}). */
    public static PiiDetector safeHarbor() {
        return new PiiDetector(Recognizers.safeHarbor());
    }

    public List<Recognizer> recognizers() {
        return recognizers;
    }

    /** The entities of {@code text}, ordered by start offset. */
    public List<PiiEntity> detect(String text) {
        List<Ranked> candidates = new ArrayList<>();
        for (int i = 0; i < recognizers.size(); i++) {
            for (PiiEntity e : recognizers.get(i).find(text)) {
                if (!partOfDecimal(text, e)) {
                    candidates.add(new Ranked(e, i));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble((Ranked r) -> -r.entity.confidence())
                .thenComparingInt(r -> -r.entity.length())
                .thenComparingInt(r -> r.order)
                .thenComparingInt(r -> r.entity.start()));
        // Kept entities never overlap, so ordered by start they are also ordered by end: a candidate
        // overlaps some kept entity iff it overlaps its nearest neighbour on either side.
        TreeMap<Integer, PiiEntity> kept = new TreeMap<>();
        for (Ranked r : candidates) {
            Map.Entry<Integer, PiiEntity> before = kept.floorEntry(r.entity.start());
            Map.Entry<Integer, PiiEntity> after = kept.ceilingEntry(r.entity.start());
            if ((before == null || !before.getValue().overlaps(r.entity))
                    && (after == null || !after.getValue().overlaps(r.entity))) {
                kept.put(r.entity.start(), r.entity);
            }
        }
        return List.copyOf(kept.values());
    }

    private static boolean partOfDecimal(String text, PiiEntity e) {
        int s = e.start();
        int end = e.end();
        boolean fraction = s >= 2
                && Character.isDigit(text.charAt(s))
                && text.charAt(s - 1) == '.'
                && Character.isDigit(text.charAt(s - 2));
        boolean integerPart = end + 1 < text.length()
                && Character.isDigit(text.charAt(end - 1))
                && text.charAt(end) == '.'
                && Character.isDigit(text.charAt(end + 1));
        return fraction || integerPart;
    }

    private record Ranked(PiiEntity entity, int order) {}
}
