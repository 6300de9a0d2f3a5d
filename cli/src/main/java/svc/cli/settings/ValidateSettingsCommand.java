package svc.cli.settings;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.config.settings.Settings;
import svc.config.settings.SettingsChecks;
import svc.config.settings.SettingsProblem;
import svc.config.settings.SettingsResult;

/**
 * {@code svc settings validate}: every problem of the file, one per line (JSON pointer, then what
 * to fix), so a user fixes them all in one pass.
 */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = {
            "Check a settings file and list every problem in it, one per line:",
            "the JSON pointer of the value, then what is wrong and what to write.",
            "Agents must be agents of the platform's roster; fields that mean nothing",
            "here (commit_interval, a mode other than cascade) are listed as warnings.",
            "Exit 0 when the file is valid, 1 when it is not (or is missing), 2 on a usage error."
        },
        footer = {"", "Examples:", "  svc settings validate", "  svc settings validate --file ./settings.json"})
public final class ValidateSettingsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private SettingsFileOption file;

    @Override
    public Integer call() {
        Path path = file.path();
        SettingsResult result = SettingsReader.read(path);
        PrintWriter out = spec.commandLine().getOut();
        if (result instanceof SettingsResult.Invalid invalid) {
            for (SettingsProblem problem : invalid.problems()) {
                out.println(problem);
            }
            spec.commandLine()
                    .getErr()
                    .println("svc: " + path + " is not valid: "
                            + count(invalid.problems().size(), "problem"));
            return ExitCodes.FAILURE;
        }
        Settings settings = ((SettingsResult.Valid) result).settings();
        SettingsChecks.Known known = PlatformAgents.known();
        List<SettingsProblem> unknown = SettingsChecks.unknownAgents(settings, known);
        List<SettingsProblem> warnings = SettingsChecks.warnings(settings, known);
        if (!unknown.isEmpty()) {
            unknown.forEach(out::println);
            warnings.forEach(w -> out.println("warning: " + w));
            spec.commandLine().getErr().println("svc: " + path + " is not valid: " + count(unknown.size(), "problem"));
            return ExitCodes.FAILURE;
        }
        // Fields that mean nothing here are said, never silently dropped.
        warnings.forEach(w -> out.println("warning: " + w));
        int agents = settings.projects().values().stream()
                .mapToInt(p -> p.agents().size())
                .sum();
        out.println("OK: " + path + " is valid (" + count(settings.projects().size(), "project") + ", "
                + count(agents, "agent") + ")");
        return ExitCodes.OK;
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
