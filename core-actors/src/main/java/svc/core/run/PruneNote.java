package svc.core.run;

import java.time.Instant;
import svc.core.CborSerializable;

/**
 * What the retention sweep deleted of a finished run, kept on the run so that its record says
 * so: the artefact kind ({@code conversations}, {@code agent_events}, {@code run_events},
 * {@code audit_pdfs}), when, and a short description (files or journal rows and how many).
 */
public record PruneNote(String kind, Instant at, String detail) implements CborSerializable {}
