package svc.governance.pii;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Detects entities and replaces each with its type's action. Thread-safe. */
public final class PiiRedactor {

    private final PiiDetector detector;
    private final Map<PiiType, PiiAction> actions;
    private final PiiAction defaultAction;

    public PiiRedactor(PiiDetector detector, Map<PiiType, PiiAction> actions, PiiAction defaultAction) {
        this.detector = Objects.requireNonNull(detector, "detector");
        this.actions = actions.isEmpty() ? Map.of() : new EnumMap<>(actions);
        this.defaultAction = Objects.requireNonNull(defaultAction, "defaultAction");
    }

    /** Every built-in type replaced by its {@code <TYPE>} placeholder. */
    public static PiiRedactor defaults() {
        return new PiiRedactor(PiiDetector.defaults(), Map.of(), PiiAction.REDACT);
    }

    public PiiDetector detector() {
        return detector;
    }

    public PiiAction actionFor(PiiType type) {
        return actions.getOrDefault(type, defaultAction);
    }

    public Redaction redact(String text) {
        List<PiiEntity> entities = detector.detect(text);
        if (entities.isEmpty()) {
            return new Redaction(text, entities);
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (PiiEntity e : entities) {
            out.append(text, at, e.start()).append(actionFor(e.type()).apply(e.type(), e.text()));
            at = e.end();
        }
        out.append(text, at, text.length());
        return new Redaction(out.toString(), entities);
    }

    /** The redacted text and the entities found in the original (offsets into the original). */
    public record Redaction(String text, List<PiiEntity> entities) {
        public Redaction {
            entities = List.copyOf(entities);
        }

        public boolean changed() {
            return !entities.isEmpty();
        }
    }
}
