/**
 * Encryption at rest for what the persistence layer writes (G12/G13): {@link svc.persistence.crypto.AtRest}
 * reads {@code svc.at-rest} once (switch, driver, customer key and the keys of earlier rotations),
 * {@link svc.persistence.crypto.ColumnSeal} seals the read side's free-text columns. Run files are
 * sealed at the store boundary by {@link svc.persistence.store.SealedArtifactStore}.
 */
package svc.persistence.crypto;
