package svc.core;

/**
 * Marker for every message and event that crosses a node boundary or reaches the journal; bound
 * once to Jackson CBOR in reference.conf. Persisted event types are a public contract: renaming
 * one needs a migration.
 */
public interface CborSerializable {}
