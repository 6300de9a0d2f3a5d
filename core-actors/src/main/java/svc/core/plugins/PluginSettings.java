package svc.core.plugins;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code svc.plugins}: the size cap of a plugin (archive and unpacked), how often a node re-reads
 * the installed set from the database, where it keeps its unpacked copies, and
 * the sandbox limits of shell hooks.
 */
public record PluginSettings(
        long maxBytes, Duration refreshInterval, Path cacheDir, int hookMemoryMb, int hookCpuTimeSec) {

    public static PluginSettings fromConfig(Config config, Path home) {
        Config c = config.getConfig("svc.plugins");
        String cache = c.getString("cache-dir");
        return new PluginSettings(
                c.getBytes("max-bytes"),
                c.getDuration("refresh-interval"),
                cache.isBlank() ? home.resolve("plugins-cache") : Path.of(cache),
                c.getInt("hook-memory-mb"),
                c.getInt("hook-cpu-time-sec"));
    }
}
