/**
 * Artefact signing (guardrail G11): {@link svc.governance.signing.Signer} drivers (stub, offline
 * Ed25519, cosign with a KMS key, cosign keyless), the sidecar files written next to a signed
 * artefact by {@link svc.governance.signing.ArtefactSigning} ({@code .sig}, {@code .receipt.json},
 * {@code .pem} for keyless), and {@link svc.governance.signing.ReceiptVerifier}. A signing failure
 * during export is a WARN ({@code signOrWarn}); the artefact is still written.
 */
package svc.governance.signing;
