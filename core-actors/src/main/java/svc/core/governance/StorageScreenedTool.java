package svc.core.governance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;

/**
 * A tool whose writes are screened at STORAGE_WRITE: the run directory's artefact files are noted
 * (size and modification time) before the call, and every text, JSON or Markdown artefact that is
 * new or changed after it is handed to the screen, which treats it in place. Watching the
 * directory, rather than each tool's write calls, covers every tool, the sandboxed ones included,
 * without each having to remember.
 *
 * <p>Not screened: model files ({@code model/}, {@code candidates/}), the tools' working state
 * ({@code work/}: prepared splits, evidence, which later steps read back as they wrote it), the
 * conversations (the projection treats those lines), the brief ({@code run.json}), and files that
 * are not {@code .json}, {@code .jsonl}, {@code .md} or {@code .txt} (a PDF, a Dockerfile or a
 * Kubernetes manifest, whose addresses and URLs a redaction would break).
 */
final class StorageScreenedTool implements Tool {

    /** Treats one written file in place; answers what the guardrails did, one line each. */
    @FunctionalInterface
    interface FileScreen {
        List<String> screen(ToolContext context, String tool, Path file);
    }

    private static final Set<String> SKIPPED_DIRS = Set.of("model", "candidates", "work", "conversations");
    private static final Set<String> SCREENED_EXTENSIONS = Set.of("json", "jsonl", "md", "txt");

    private final Tool tool;
    private final FileScreen screen;

    StorageScreenedTool(Tool tool, FileScreen screen) {
        this.tool = tool;
        this.screen = screen;
    }

    @Override
    public String name() {
        return tool.name();
    }

    @Override
    public String description() {
        return tool.description();
    }

    @Override
    public String inputSchemaJson() {
        return tool.inputSchemaJson();
    }

    @Override
    public ToolResult invoke(ToolContext context, JsonNode arguments) throws Exception {
        Map<Path, Stamp> before = artefacts(context.runDir());
        ToolResult result = tool.invoke(context, arguments);
        List<String> notes = new ArrayList<>();
        artefacts(context.runDir()).forEach((file, stamp) -> {
            if (!stamp.equals(before.get(file))) {
                notes.addAll(screen.screen(context, tool.name(), file));
            }
        });
        return result.withGuardrails(notes);
    }

    private record Stamp(long size, long modifiedNanos) {}

    /** The screened artefact files under {@code dir} with their stamps. */
    static Map<Path, Stamp> artefacts(Path dir) {
        Map<Path, Stamp> out = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(f -> screened(dir, f)).forEach(f -> {
                try {
                    BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                    if (a.isRegularFile()) {
                        out.put(f, new Stamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
                    }
                } catch (IOException e) {
                    // gone between the listing and the read: nothing to screen
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // A directory that changes while it is walked is walked again on the next call.
        }
        return out;
    }

    private static boolean screened(Path dir, Path file) {
        Path rel = dir.relativize(file);
        if (rel.getNameCount() == 0) {
            return false;
        }
        if (rel.getNameCount() > 1 && SKIPPED_DIRS.contains(rel.getName(0).toString())) {
            return false;
        }
        String name = rel.getFileName().toString();
        if (rel.getNameCount() == 1 && name.equals("run.json")) {
            return false;
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 && SCREENED_EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
