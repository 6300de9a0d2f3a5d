package svc.core.plugins;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A plugin as installed: what was read from it, its archive's digest, who installed it when, and
 * where this node unpacked it ({@code root}, a node-local cache of the archive the database holds).
 */
public record InstalledPlugin(PluginBundle bundle, String sha256, Instant installedAt, String installedBy, Path root) {

    public String name() {
        return bundle.name();
    }
}
