package svc.cli.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.config.settings.InvalidSettingsException;
import svc.config.settings.ProjectConfig;
import svc.config.settings.SettingsFile;
import svc.core.cluster.ClusterSettings;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.deployments.Deployment;
import svc.deployments.Deployments;
import svc.http.server.HttpServer;
import svc.http.telemetry.ApiMetrics;

/**
 * Starts the platform and the API server, prints one line with the address, and runs until the
 * process is told to stop (SIGTERM, Ctrl-C), when Pekko's coordinated shutdown unbinds the port
 * and stops the actor system. A failed start prints one line and exits non-zero.
 */
@Command(
        name = "server",
        description = "Start the API server (port SVC_PORT, default 8000; data under SVC_HOME).",
        footer = {
            "",
            "Examples:",
            "  svc server",
            "  SVC_ENV=production SVC_PORT=9000 svc server",
            "  svc server --port 0 --home /tmp/svc-data"
        })
public final class ServerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", description = "Port to listen on (overrides SVC_PORT; 0 picks a free one).")
    Integer port;

    @Option(names = "--host", description = "Address to bind (default 0.0.0.0).")
    String host;

    @Option(names = "--home", description = "Data directory (overrides SVC_HOME).")
    String home;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Config config;
        Optional<Deployment> deployment;
        try {
            deployment = Deployments.fromEnvironment(System.getenv());
            config = config(deployment);
        } catch (RuntimeException e) {
            err.println("svc server: SVC_DEPLOYMENT is not usable: " + message(e));
            return ExitCodes.FAILURE;
        }
        try {
            List<String> missing = ClusterSettings.fromConfig(config).missingForCluster(config, System.getenv());
            if (!missing.isEmpty()) {
                missing.forEach(m -> err.println("svc server: SVC_CLUSTER_SEEDS is set, but " + m));
                return ExitCodes.FAILURE;
            }
        } catch (RuntimeException e) {
            err.println("svc server: " + message(e));
            return ExitCodes.FAILURE;
        }
        ProjectConfig project;
        try {
            project = settingsProject();
        } catch (Exception e) {
            err.println("svc server: " + message(e) + " (see: svc settings validate)");
            return ExitCodes.FAILURE;
        }
        // One registry for the API and the platform's listeners, so /metrics shows both.
        ApiMetrics metrics = new ApiMetrics();
        Platform platform;
        try {
            platform = Platform.start(
                    config,
                    StandardParts.create(
                            project, metrics.decisionListener(), metrics.guardrailListener(), metrics.llmListeners()));
        } catch (RuntimeException e) {
            err.println("svc server: could not start the platform: " + message(e));
            return ExitCodes.FAILURE;
        }
        deployment.ifPresent(d -> out.println("svc server: deployment " + d.customer() + " (template "
                + d.template().name() + ") from " + d.directory()));
        HttpServer server;
        try {
            server = HttpServer.start(platform, config, System.getenv(), metrics)
                    .toCompletableFuture()
                    .get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            err.println("svc server: could not start the API on " + config.getString("svc.http.host") + ":"
                    + config.getInt("svc.http.port") + ": " + message(e));
            platform.close();
            return ExitCodes.FAILURE;
        }
        InetSocketAddress address = server.address();
        String shown = address.getAddress().isAnyLocalAddress()
                ? config.getString("svc.http.host")
                : address.getAddress().getHostAddress();
        out.println("svc server: listening on http://" + shown + ":" + address.getPort() + " (SVC_HOME="
                + platform.settings().home() + ", SVC_ENV=" + config.getString("svc.http.env") + ")");
        out.flush();
        platform.system().getWhenTerminated().toCompletableFuture().join();
        platform.close();
        return ExitCodes.OK;
    }

    /**
     * The settings file's project for the directory the server runs in (per-agent providers and
     * models), or null when there is no settings file or it has no such project. An invalid file
     * stops the start: running with half of someone's settings would be worse.
     */
    private static ProjectConfig settingsProject() throws Exception {
        Path file = SettingsFile.defaultPath();
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return SettingsFile.load(file)
                    .effective()
                    .effectiveProject(Path.of("").toAbsolutePath())
                    .orElse(null);
        } catch (InvalidSettingsException e) {
            var problems = e.problems();
            var first = problems.get(0);
            throw new IllegalArgumentException(
                    "the settings file " + file + " is invalid (" + problems.size() + " problem(s); the first: "
                            + first.pointer() + ": " + first.message() + ")",
                    e);
        }
    }

    private Config config(Optional<Deployment> deployment) {
        Map<String, Object> overrides = new HashMap<>();
        // The selected deployment's template governs runs whose request names no template profile.
        deployment.ifPresent(d ->
                overrides.put("svc.governance.default-profile", d.template().name()));
        if (port != null) {
            overrides.put("svc.http.port", port);
        }
        if (host != null) {
            overrides.put("svc.http.host", host);
        }
        if (home != null) {
            overrides.put("svc.home", home);
        }
        return ConfigFactory.parseMap(overrides).withFallback(ConfigFactory.load());
    }

    /** The innermost message, which names what failed (a bound port, a bad variable). */
    private static String message(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
