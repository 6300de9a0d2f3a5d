package svc.persistence.plugins;

import java.time.Instant;

/** One installed plugin as stored: its manifest fields, the archive's digest, and who installed it when. */
public record PluginRow(
        String name, String version, String description, String sha256, Instant installedAt, String installedBy) {}
