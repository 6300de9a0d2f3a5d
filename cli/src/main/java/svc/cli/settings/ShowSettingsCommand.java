package svc.cli.settings;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.settings.ProjectConfig;
import svc.config.settings.Settings;
import svc.config.settings.SettingsJson;
import svc.config.settings.SettingsProblem;
import svc.config.settings.SettingsResult;

/**
 * {@code svc settings show}: what the runtime will actually use for one project, with every
 * default of the spec filled in, so "which model does this agent get?" needs no reading of rules.
 */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description = {
            "Print the effective configuration of one project as JSON, with every default resolved",
            "(agent model and provider from `defaults`, liveness, error limits, the implicit",
            "`default` provider). Fields without a value or default are left out."
        },
        footer = {
            "",
            "Examples:",
            "  svc settings show --project .",
            "  svc settings show --project /home/me/proj --file ./settings.json"
        })
public final class ShowSettingsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private SettingsFileOption file;

    @Option(
            names = "--project",
            required = true,
            paramLabel = "DIR",
            description = "Project directory; looked up by its absolute, normalized path.")
    private Path project;

    @Override
    public Integer call() {
        Path path = file.path();
        SettingsResult result = SettingsReader.read(path);
        if (result instanceof SettingsResult.Invalid invalid) {
            invalid.problems().stream()
                    .map(SettingsProblem::toString)
                    .forEach(spec.commandLine().getErr()::println);
            throw new CliException(
                    ExitCodes.FAILURE,
                    path + " is not valid: fix the problems above " + "(svc settings validate lists them too)");
        }
        Settings settings = ((SettingsResult.Valid) result).settings();
        ProjectConfig effective = settings.effective()
                .effectiveProject(project)
                .orElseThrow(() -> new CliException(
                        ExitCodes.FAILURE,
                        "project "
                                + project.toAbsolutePath().normalize() + " is not in " + path + " (projects: "
                                + settings.projects().keySet().stream().collect(Collectors.joining(", ")) + ")"));
        spec.commandLine().getOut().println(SettingsJson.toPrettyJson(effective));
        return ExitCodes.OK;
    }
}
