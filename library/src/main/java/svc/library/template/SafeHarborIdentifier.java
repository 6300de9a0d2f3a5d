package svc.library.template;

import java.util.List;
import java.util.Optional;

/**
 * One HIPAA Safe Harbor identifier category (45 CFR 164.514(b)(2)(i)) and what finds it.
 *
 * @param category      the category as the rule names it
 * @param recognizers   the PII types of G4's Safe Harbor pack that recognise it by pattern (names
 *                      of {@code svc.governance.pii.PiiType}; governance's tests check them);
 *                      empty when no pattern can
 * @param notRecognized what of the category no pattern finds, and so needs an NER or other
 *                      add-on; empty when the recognizers cover it
 */
public record SafeHarborIdentifier(String category, List<String> recognizers, Optional<String> notRecognized) {

    public SafeHarborIdentifier {
        recognizers = List.copyOf(recognizers);
    }
}
