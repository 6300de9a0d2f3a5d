package svc.cli.settings;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.settings.SettingsFile;
import svc.config.settings.SettingsResult;

/** Reads a settings file for a subcommand, turning I/O failures into one clear line. */
final class SettingsReader {
    private SettingsReader() {}

    static SettingsResult read(Path file) {
        try {
            return SettingsFile.read(file);
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.FAILURE, "settings file not found: " + file);
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "cannot read settings file " + file + ": " + e.getMessage());
        }
    }
}
