/**
 * G5: the conversation scrubber, applied when conversation JSONL is flushed to disk (live
 * streams stay unredacted): every string in a JSON line goes through the G4 PII redactor.
 */
package svc.governance.scrub;
