package svc.config.settings;

import java.util.Map;

/**
 * A whole settings file as written: its schema version and one {@link ProjectConfig} per project,
 * keyed by the project's absolute canonical path (in the file's order).
 */
public record Settings(long version, Map<String, ProjectConfig> projects) {
    public Settings {
        projects = Immutable.map(projects);
    }

    /** The same settings with every default of the spec resolved. */
    public EffectiveSettings effective() {
        return new EffectiveSettings(this);
    }
}
