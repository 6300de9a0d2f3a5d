package svc.cli.server;

import com.typesafe.config.Config;
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
import svc.config.settings.ProjectConfig;
import svc.config.settings.SettingsFile;
import svc.core.cluster.ClusterSettings;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.deployments.Deployment;
import svc.http.server.HttpServer;
import svc.http.telemetry.ApiMetrics;

/**
 * Starts the platform and the API server, prints one line with the address, and runs until the
 * process is told to stop (SIGTERM, Ctrl-C), when Pekko's coordinated shutdown unbinds the port
 * and stops the actor system. A failed start prints one line (one per problem of the resolved
 * configuration, see {@link ServerConfiguration}) and exits non-zero.
 */
@Command(
        name = "server",
        description = {
            "Start the API server (port SVC_PORT, default 8000; data under SVC_HOME).",
            "The settings file's project (~/.svc/settings.json) is the working directory's, or SVC_PROJECT's."
        },
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
        ServerConfiguration.Resolved resolved;
        try {
            resolved = ServerConfiguration.resolveToStart(
                    System.getenv(), SettingsFile.defaultPath(), Path.of("").toAbsolutePath(), flags());
        } catch (ServerConfiguration.Invalid e) {
            // One line per problem: a start that fails names everything to fix, not the first thing.
            e.problems().forEach(p -> err.println("svc server: " + p));
            return ExitCodes.FAILURE;
        } catch (RuntimeException e) {
            err.println("svc server: the configuration cannot be resolved: " + message(e));
            return ExitCodes.FAILURE;
        }
        Config config = resolved.config();
        // What the settings file says that means nothing here is said at every start.
        resolved.warnings().forEach(w -> err.println("svc server: warning: " + w));
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
        ProjectConfig project = resolved.project();
        Optional<Deployment> deployment = resolved.deployment();
        // One registry for the API and the platform's listeners, so /metrics shows both.
        ApiMetrics metrics = new ApiMetrics();
        Platform platform;
        try {
            platform = Platform.start(
                    config,
                    StandardParts.create(
                            project,
                            resolved.projectPath(),
                            metrics.decisionListener(),
                            metrics.guardrailListener(),
                            metrics.llmListeners()));
        } catch (RuntimeException e) {
            err.println("svc server: could not start the platform: " + message(e));
            return ExitCodes.FAILURE;
        }
        deployment.ifPresent(d -> out.println("svc server: deployment " + d.customer() + " (template "
                + d.template().name() + ") from " + d.directory()));
        HttpServer server;
        try {
            server = HttpServer.start(platform, config, System.getenv(), metrics, resolved.effective())
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
        out.println(dashboardLine(address, shown, platform.settings().home()));
        out.flush();
        platform.system().getWhenTerminated().toCompletableFuture().join();
        platform.close();
        return ExitCodes.OK;
    }

    /**
     * Where a newcomer goes next: the dashboard's address (localhost when bound to every interface)
     * and how the first sign-in works; the first-boot log line saying where a generated password is
     * sits among many at start.
     */
    static String dashboardLine(InetSocketAddress address, String shown, Path home) {
        String host = address.getAddress().isAnyLocalAddress() ? "localhost" : shown;
        Path generated = home.resolve("admin-password");
        return "svc server: dashboard at http://" + host + ":" + address.getPort() + "/ (sign in as an admin: the"
                + " first boot made one from SVC_ADMIN_EMAIL/SVC_ADMIN_PASSWORD"
                + (Files.isRegularFile(generated) ? ", or admin@localhost with the password in " + generated : "")
                + ")";
    }

    /** The command line's options, the highest layer of the resolved configuration. */
    private Map<String, ServerConfiguration.Flag> flags() {
        Map<String, ServerConfiguration.Flag> flags = new HashMap<>();
        if (port != null) {
            flags.put("svc.http.port", new ServerConfiguration.Flag("--port", port));
        }
        if (host != null) {
            flags.put("svc.http.host", new ServerConfiguration.Flag("--host", host));
        }
        if (home != null) {
            flags.put("svc.home", new ServerConfiguration.Flag("--home", home));
        }
        return flags;
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
