package svc.core.deploy;

import com.typesafe.config.Config;
import java.time.Duration;

/**
 * {@code svc.deployments.*}, read once at start.
 *
 * @param routesTtl how long a node answers from a model name's cached routes before asking its
 *     entity again (changes made through this node reach its cache at once)
 * @param driftWindow live rows the PSI is computed over
 * @param driftMinRows rows the window needs before drift is judged at all
 * @param driftCheckEvery rows between two PSI computations
 * @param shadowWindow comparisons a shadow's agreement is computed over
 * @param modelsCached loaded models kept in memory (least recently used leaves)
 * @param shadowBacklog mirrored requests waiting for a shadow at most; more are dropped and counted
 * @param logBacklog answers waiting to be written at most; more are dropped and counted
 * @param tick how often traffic and shadow agreement go out on the streams
 */
public record DeploymentSettings(
        Duration routesTtl,
        int driftWindow,
        int driftMinRows,
        int driftCheckEvery,
        int shadowWindow,
        int modelsCached,
        int shadowBacklog,
        int logBacklog,
        Duration tick) {

    public static DeploymentSettings fromConfig(Config config) {
        Config c = config.getConfig("svc.deployments");
        return new DeploymentSettings(
                c.getDuration("routes-ttl"),
                c.getInt("drift-window"),
                c.getInt("drift-min-rows"),
                c.getInt("drift-check-every"),
                c.getInt("shadow-window"),
                c.getInt("models-cached"),
                c.getInt("shadow-backlog"),
                c.getInt("log-backlog"),
                c.getDuration("tick"));
    }
}
