package svc.core.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import svc.core.stream.ClusterLiveEvents;

/**
 * Where this node listens for other nodes and which nodes it joins. No seeds: the node forms a
 * cluster of one (today's single-node platform). With seeds, it joins them, and it must share with
 * the other nodes what a node would otherwise keep to itself: the database, the run files and the
 * secrets ({@link #missingForCluster}).
 *
 * @param seeds {@code host:port} of the seed nodes ({@code SVC_CLUSTER_SEEDS}, comma-separated)
 * @param host the address other nodes reach this node at ({@code SVC_CLUSTER_HOST})
 * @param port the port other nodes reach this node at ({@code SVC_CLUSTER_PORT}; 0 picks one, fine
 *     only for a node no one names as a seed)
 */
public record ClusterSettings(List<String> seeds, String host, int port) {

    /** The actor system's name: part of every node's address, the same on every node. */
    public static final String SYSTEM_NAME = "svc";

    public ClusterSettings {
        seeds = List.copyOf(seeds);
        for (String seed : seeds) {
            int colon = seed.lastIndexOf(':');
            if (colon <= 0 || !seed.substring(colon + 1).matches("[0-9]{1,5}")) {
                throw new IllegalArgumentException("SVC_CLUSTER_SEEDS: '" + seed
                        + "' is not host:port (write e.g. 10.0.0.5:25520,10.0.0.6:25520)");
            }
        }
    }

    public static ClusterSettings fromConfig(Config config) {
        List<String> seeds = Arrays.stream(config.getString("svc.cluster.seeds").split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
        return new ClusterSettings(
                seeds,
                config.getString("pekko.remote.artery.canonical.hostname"),
                config.getInt("pekko.remote.artery.canonical.port"));
    }

    /** Whether this node joins others (seeds given) rather than forming a cluster of one. */
    public boolean enabled() {
        return !seeds.isEmpty();
    }

    /** The seed nodes as Pekko addresses. */
    public List<String> seedAddresses() {
        return seeds.stream().map(s -> "pekko://" + SYSTEM_NAME + "@" + s).toList();
    }

    /**
     * The Pekko settings these imply: the seed nodes, how long the first of them waits for the others
     * before it forms a cluster, and the live-event topic on the large-message lane (a tool result
     * can be bigger than an ordinary frame).
     */
    public Config pekkoOverrides() {
        if (!enabled()) {
            return ConfigFactory.empty();
        }
        return ConfigFactory.parseMap(Map.of(
                "pekko.cluster.seed-nodes",
                seedAddresses(),
                // The first seed node, restarted while the others run, forms a cluster of its own when
                // none of them answers within this time: a second cluster beside the first, on the same
                // database. Pekko's 5 s was too short on a loaded machine (ClusterProcessTest's rolling
                // restart saw the answers arrive after it); a first boot of that node waits this long once.
                "pekko.cluster.seed-node-timeout",
                "20s",
                "pekko.remote.artery.large-message-destinations",
                List.of("/system/" + ClusterLiveEvents.TOPIC_ACTOR)));
    }

    /**
     * What this node lacks to join a cluster, one line each (empty when nothing, or when no seeds
     * are set). {@code env} is the process environment.
     */
    public List<String> missingForCluster(Config config, Map<String, String> env) {
        List<String> missing = new ArrayList<>();
        if (!enabled()) {
            return missing;
        }
        String db = config.getString("svc.db.url");
        if (!db.startsWith("jdbc:postgresql:")) {
            missing.add("SVC_DB_URL: every node must use the same PostgreSQL (jdbc:postgresql://host:5432/svc);"
                    + " the embedded H2 file cannot be shared between processes");
        }
        if (!artifactStoreExplicit(config, env)) {
            missing.add("SVC_ARTIFACT_STORE: every node must read and write the same run files"
                    + " (a directory all nodes mount, or s3://bucket/prefix); $SVC_HOME/runs is this node's own");
        }
        if (blank(env.get("SVC_JWT_SECRET"))) {
            missing.add("SVC_JWT_SECRET: every node must sign and check tokens with the same secret (32 bytes or"
                    + " more); one generated per node would make a token work on one node only");
        }
        String driver = env.getOrDefault("SVC_SIGNING_DRIVER", "ed25519");
        if (driver.equals("ed25519")) {
            String dir = env.get("SVC_SIGNING_KEY_DIR");
            if (blank(dir)) {
                missing.add("SVC_SIGNING_KEY_DIR: every node must sign audit PDFs with the same Ed25519 key pair"
                        + " (a directory holding signing-ed25519.key and signing-ed25519.pub)");
            } else if (!Files.isRegularFile(Path.of(dir, "signing-ed25519.key"))
                    || !Files.isRegularFile(Path.of(dir, "signing-ed25519.pub"))) {
                missing.add("SVC_SIGNING_KEY_DIR: " + dir + " holds no signing-ed25519.key and signing-ed25519.pub"
                        + " (openssl genpkey -algorithm ed25519 -out signing-ed25519.key; openssl pkey -in"
                        + " signing-ed25519.key -pubout -out signing-ed25519.pub)");
            }
        }
        return missing;
    }

    /**
     * An artefact store set on purpose: {@code SVC_ARTIFACT_STORE}, or {@code svc.artifact-store}
     * written anywhere but a module's reference.conf (whose default is the node's own directory).
     */
    private static boolean artifactStoreExplicit(Config config, Map<String, String> env) {
        if (!blank(env.get("SVC_ARTIFACT_STORE"))) {
            return true;
        }
        if (!config.hasPath("svc.artifact-store")) {
            return false;
        }
        String resource = config.getValue("svc.artifact-store").origin().resource();
        return !blank(config.getString("svc.artifact-store")) && !"reference.conf".equals(resource);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
