package svc.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The single entry point of the {@code svc} launcher. Every group of the spec is a subcommand;
 * this class only wires them and maps failures to exit codes.
 */
@Command(
    name = "svc",
    mixinStandardHelpOptions = true,
    versionProvider = SvcVersion.class,
    description = "svc: a multi-agent machine-learning platform.",
    subcommands = {
      CommandLine.HelpCommand.class,
      svc.cli.demo.DemoCommand.class,
      svc.cli.serve.ServeModelCommand.class,
      svc.cli.deploy.DeployCommand.class,
      svc.cli.server.ServerCommand.class,
      svc.cli.guardrails.GuardrailsCommand.class,
      svc.cli.settings.SettingsCommand.class
    },
    footer = {"", "Examples:", "  svc --version", "  svc help settings"})
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /** Runs one command line with the given writers; tests call this instead of {@link #main}. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = commandLine(out, err);
    return cli.execute(args);
  }

  static CommandLine commandLine(PrintWriter out, PrintWriter err) {
    CommandLine cli = new CommandLine(new Main());
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(new ErrorMapper());
    return cli;
  }
}
