/**
 * G3: prompt-injection detection for requests to the model (PRE_LLM, priority 70), two signals.
 * Patterns: twelve high-severity and thirteen medium-severity patterns in English and German; one
 * high or two medium occurrences block. They catch the stock phrasings ("ignore all previous
 * instructions", "vergiss alles") and miss paraphrases. Model: logistic regression over hashed
 * character 1-5-grams ({@link svc.governance.injection.InjectionModel}), shipped as a resource
 * with its training record, trained by {@code svc.bench.governance.TrainInjectionModel}; a score
 * at or above its threshold blocks. A message is blocked when either signal says so.
 */
package svc.governance.injection;
