package svc.cli.plugins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.core.plugins.PluginArchive;
import svc.core.plugins.PluginException;

/**
 * {@code svc plugins install DIR|FILE.tar.gz} (admin): a directory is packed here into a
 * {@code .tar.gz} (links refused, as the server would) and uploaded; an archive is uploaded as it
 * is. The server validates and answers the plugin with its install-drops.
 */
@Command(
        name = "install",
        mixinStandardHelpOptions = true,
        description = "Install a plugin from a directory or a .tar.gz (admin); prints it with its install-drops.",
        footer = {
            "",
            "Examples:",
            "  svc plugins install examples/plugins/sample",
            "  svc plugins install sample-1.0.0.tar.gz"
        })
public final class InstallPluginCommand extends ClientCommand {

    @Parameters(paramLabel = "DIR|FILE", description = "A plugin directory or a .tar.gz of one.")
    private Path source;

    @Option(
            names = "--max-bytes",
            defaultValue = "10485760",
            description = "Largest plugin to pack from a directory (default: ${DEFAULT-VALUE}).")
    private long maxBytes;

    @Override
    protected int run(ApiClient api) {
        if (Files.isDirectory(source)) {
            Path archive = null;
            try {
                archive = Files.createTempFile("svc-plugin-", ".tar.gz");
                Files.write(archive, PluginArchive.pack(source, maxBytes));
                output().json(api.upload("/api/v1/plugins", archive, "application/gzip"));
            } catch (PluginException e) {
                throw new CliException(ExitCodes.USAGE, e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                deleteQuietly(archive);
            }
            return ExitCodes.OK;
        }
        if (!Files.isRegularFile(source)) {
            throw new CliException(ExitCodes.USAGE, "no plugin directory or .tar.gz at " + source);
        }
        output().json(api.upload("/api/v1/plugins", source, "application/gzip"));
        return ExitCodes.OK;
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a leftover temporary archive is harmless
            }
        }
    }
}
