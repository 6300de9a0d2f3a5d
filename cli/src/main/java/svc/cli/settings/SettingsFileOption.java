package svc.cli.settings;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import svc.config.settings.SettingsFile;

/** {@code --file F}, shared by the settings subcommands; defaults to ~/.svc/settings.json. */
public final class SettingsFileOption {

    @Option(
            names = "--file",
            paramLabel = "FILE",
            description = "Settings file to read (default: ~/.svc/settings.json).")
    private Path file;

    /** The file named on the command line, or the default one under {@code user.home}. */
    Path path() {
        return file != null ? file : SettingsFile.defaultPath();
    }
}
