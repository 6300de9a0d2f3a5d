package svc.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import svc.cli.admin.AdminCommand;
import svc.cli.approvals.ApprovalsCommand;
import svc.cli.audit.AuditCommand;
import svc.cli.auth.LoginCommand;
import svc.cli.auth.LogoutCommand;
import svc.cli.auth.WhoamiCommand;
import svc.cli.batch.BatchCommand;
import svc.cli.client.ClientEnvironment;
import svc.cli.client.EnvironmentFactory;
import svc.cli.completion.CompletionCommand;
import svc.cli.config.ConfigCommand;
import svc.cli.cron.CronCommand;
import svc.cli.datasets.DatasetsCommand;
import svc.cli.demo.DemoCommand;
import svc.cli.deploy.DeployCommand;
import svc.cli.deployments.DeploymentsCommand;
import svc.cli.features.FeaturesCommand;
import svc.cli.guardrails.GuardrailsCommand;
import svc.cli.mcp.McpCommand;
import svc.cli.models.ModelsCommand;
import svc.cli.pipelines.PipelinesCommand;
import svc.cli.plugins.PluginsCommand;
import svc.cli.predict.PredictCommand;
import svc.cli.reports.ReportsCommand;
import svc.cli.retention.RetentionCommand;
import svc.cli.serve.ServeModelCommand;
import svc.cli.server.ServerCommand;
import svc.cli.settings.SettingsCommand;
import svc.cli.system.HealthCommand;
import svc.cli.tokens.TokensCommand;
import svc.cli.users.UsersCommand;

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
            LoginCommand.class,
            LogoutCommand.class,
            WhoamiCommand.class,
            HealthCommand.class,
            PipelinesCommand.class,
            BatchCommand.class,
            DeploymentsCommand.class,
            PredictCommand.class,
            CronCommand.class,
            PluginsCommand.class,
            DatasetsCommand.class,
            ModelsCommand.class,
            ReportsCommand.class,
            RetentionCommand.class,
            AdminCommand.class,
            ApprovalsCommand.class,
            FeaturesCommand.class,
            CompletionCommand.class,
            DemoCommand.class,
            ServeModelCommand.class,
            DeployCommand.class,
            ServerCommand.class,
            GuardrailsCommand.class,
            AuditCommand.class,
            TokensCommand.class,
            UsersCommand.class,
            SettingsCommand.class,
            ConfigCommand.class,
            McpCommand.class
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
    public static int run(ClientEnvironment environment, PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main(), new EnvironmentFactory(environment));
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
