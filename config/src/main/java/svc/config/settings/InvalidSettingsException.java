package svc.config.settings;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** Thrown by {@link SettingsFile#load} when a settings file has problems; carries all of them. */
public final class InvalidSettingsException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<SettingsProblem> problems;

    public InvalidSettingsException(Path file, List<SettingsProblem> problems) {
        super(file + " has " + problems.size() + " problem(s):\n"
                + problems.stream().map(SettingsProblem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<SettingsProblem> problems() {
        return problems;
    }
}
