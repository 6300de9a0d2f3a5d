/**
 * G3: pattern-based prompt-injection detection for requests to the model (PRE_LLM, priority 70).
 * Twelve high-severity and thirteen medium-severity patterns in English and German; a message is
 * blocked on one high or two medium occurrences. A cheap first line, not a classifier: it catches
 * the stock phrasings ("ignore all previous instructions", "vergiss alles") and misses paraphrases.
 */
package svc.governance.injection;
