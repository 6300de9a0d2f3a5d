package svc.config.settings;

import java.util.List;

/** The outcome of reading a settings file: the settings, or every problem found in it. */
public sealed interface SettingsResult {

    /** The file is valid. */
    record Valid(Settings settings) implements SettingsResult {}

    /** The file has at least one problem; all of them are listed, projects in file order. */
    record Invalid(List<SettingsProblem> problems) implements SettingsResult {
        public Invalid {
            problems = List.copyOf(problems);
        }
    }
}
