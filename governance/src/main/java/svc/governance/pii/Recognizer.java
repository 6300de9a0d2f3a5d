package svc.governance.pii;

import java.util.List;

/** Finds candidate entities of one type; overlaps between recognizers are resolved by {@link PiiDetector}. */
public interface Recognizer {

    PiiType type();

    /** Every valid entity in {@code text}, non-overlapping among themselves, in order. */
    List<PiiEntity> find(String text);
}
