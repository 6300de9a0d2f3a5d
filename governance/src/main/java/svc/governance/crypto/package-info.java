/**
 * Encryption with customer-held keys (guardrails G12/G13): {@link svc.governance.crypto.EnvelopeCipher}
 * seals payloads in a versioned JSON {@link svc.governance.crypto.Envelope} (AES-256-GCM, a fresh
 * data key per call, wrapped by the customer key), {@link svc.governance.crypto.KeyProviders}
 * selects where the customer key lives, {@link svc.governance.crypto.AtRestDriver} names how the
 * database is protected. Only JDK cryptography is used. Strict mode turns an unavailable provider
 * or driver into a boot abort; otherwise the fallback is logged as a WARN.
 */
package svc.governance.crypto;
