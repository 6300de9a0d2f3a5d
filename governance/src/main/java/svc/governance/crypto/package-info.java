/**
 * Encryption with customer-held keys (guardrails G12/G13): {@link svc.governance.crypto.EnvelopeCipher}
 * seals payloads in a versioned JSON {@link svc.governance.crypto.Envelope} (AES-256-GCM, a fresh
 * data key per call, wrapped by the customer key; opens with the current key or a previous one),
 * {@link svc.governance.crypto.SealedFiles} is the streamed file form (64 KiB segments) and
 * {@link svc.governance.crypto.SealedText} the column form, {@link svc.governance.crypto.KeyProviders}
 * selects where the customer key lives, {@link svc.governance.crypto.AtRestDriver} names how the
 * database files are protected. Only JDK cryptography is used. Strict mode turns an unavailable
 * key provider into a boot abort; an at-rest driver that is not built is always refused.
 */
package svc.governance.crypto;
