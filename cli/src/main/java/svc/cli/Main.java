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
            svc.cli.auth.LoginCommand.class,
            svc.cli.auth.LogoutCommand.class,
            svc.cli.auth.WhoamiCommand.class,
            svc.cli.system.HealthCommand.class,
            svc.cli.pipelines.PipelinesCommand.class,
            svc.cli.approvals.ApprovalsCommand.class,
            svc.cli.features.FeaturesCommand.class,
            svc.cli.completion.CompletionCommand.class,
            svc.cli.demo.DemoCommand.class,
            svc.cli.serve.ServeModelCommand.class,
            svc.cli.deploy.DeployCommand.class,
            svc.cli.server.ServerCommand.class,
            svc.cli.guardrails.GuardrailsCommand.class,
            svc.cli.audit.AuditCommand.class,
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

    /**
     * Runs one command line with the client commands reading {@code environment} (home directory,
     * variables, standard input, terminal) instead of the process's; tests call this.
     */
    public static int run(
            svc.cli.client.ClientEnvironment environment, PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main(), new svc.cli.client.EnvironmentFactory(environment));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new ErrorMapper());
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
