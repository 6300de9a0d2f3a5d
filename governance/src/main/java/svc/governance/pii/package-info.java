/**
 * G4: PII recognizers for twelve entity types, and a HIPAA Safe Harbor pack that adds eleven
 * more ({@link svc.governance.pii.Recognizers#safeHarbor()}); checksum validation where the format
 * has one (Luhn, Verhoeff, IBAN mod-97, VIN), overlap resolution, the redact/mask/hash actions, and the
 * {@link svc.governance.pii.PiiGuardrail} that applies them at POST_LLM, POST_TOOL and
 * STORAGE_WRITE. Entity offsets are Java {@code char} offsets, end exclusive.
 */
package svc.governance.pii;
