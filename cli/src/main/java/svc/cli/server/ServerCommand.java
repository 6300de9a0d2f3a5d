package svc.cli.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;

/**
 * Starts the platform and the API server, prints one line with the address, and runs until the
 * process is told to stop (SIGTERM, Ctrl-C), when Pekko's coordinated shutdown unbinds the port
 * and stops the actor system. A failed start prints one line and exits non-zero.
 */
@Command(
    name = "server",
    description = "Start the API server (port SVC_PORT, default 8000; data under SVC_HOME).",
    footer = {"", "Examples:", "  svc server", "  SVC_ENV=production SVC_PORT=9000 svc server", "  svc server --port 0 --home /tmp/svc-data"})
public final class ServerCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

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
    Config config = config();
    Platform platform;
    try {
      platform = Platform.start(config, StandardParts.create());
    } catch (RuntimeException e) {
      err.println("svc server: could not start the platform: " + message(e));
      return ExitCodes.FAILURE;
    }
    HttpServer server;
    try {
      server = HttpServer.start(platform, config, System.getenv()).toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      err.println("svc server: could not start the API on " + config.getString("svc.http.host") + ":" + config.getInt("svc.http.port") + ": " + message(e));
      platform.close();
      return ExitCodes.FAILURE;
    }
    InetSocketAddress address = server.address();
    String shown = address.getAddress().isAnyLocalAddress() ? config.getString("svc.http.host") : address.getAddress().getHostAddress();
    out.println("svc server: listening on http://" + shown + ":" + address.getPort()
        + " (SVC_HOME=" + platform.settings().home() + ", SVC_ENV=" + config.getString("svc.http.env") + ")");
    out.flush();
    platform.system().getWhenTerminated().toCompletableFuture().join();
    platform.close();
    return ExitCodes.OK;
  }

  private Config config() {
    Map<String, Object> overrides = new HashMap<>();
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
