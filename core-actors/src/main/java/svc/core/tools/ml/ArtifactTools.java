package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import svc.config.Json;
import svc.core.Texts;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;

/** Reading and writing the run's own files; nothing outside the run's directory is reachable. */
final class ArtifactTools {

    /** What one read returns at most: enough for a model's context, not a dataset dump. */
    static final int MAX_READ_CHARS = 32 * 1024;

    private ArtifactTools() {}

    static List<Tool> all() {
        return List.of(
                new SimpleTool(
                        "list_artifacts",
                        "List the run's files with size and SHA-256.",
                        SimpleTool.schema(),
                        ArtifactTools::list),
                new SimpleTool(
                        "read_artifact",
                        "Read one of the run's text files by name (first 32 KB).",
                        SimpleTool.schema("name"),
                        ArtifactTools::read),
                new SimpleTool(
                        "write_file",
                        "Write a text file under notes/ in the run's directory.",
                        SimpleTool.schema("name", "content"),
                        ArtifactTools::write));
    }

    private static ToolResult list(ToolContext ctx, JsonNode args) throws IOException {
        Path dir = ctx.runDir();
        ObjectNode out = Json.object();
        ArrayNode files = out.putArray("artifacts");
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.addObject()
                        .put("name", dir.relativize(p).toString().replace('\\', '/'))
                        .put("size", Files.size(p))
                        .put("sha256", RunWorkspace.sha256(p));
            }
        }
        out.put("summary", files.size() + " files");
        return ToolResult.ok(out);
    }

    private static ToolResult read(ToolContext ctx, JsonNode args) throws IOException {
        Path file = inside(ctx.runDir(), args.path("name").asText(""));
        if (file == null || !Files.isRegularFile(file)) {
            return ToolResult.error(
                    "no artefact '" + args.path("name").asText("") + "' in this run; list_artifacts shows what exists");
        }
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return ToolResult.error(args.path("name").asText() + " is a binary file (" + bytes.length
                        + " bytes); it cannot be read as text");
            }
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        boolean cut = text.length() > MAX_READ_CHARS;
        ObjectNode out = Json.object()
                .put("name", args.path("name").asText())
                .put("truncated", cut)
                .put("content", cut ? Texts.prefix(text, MAX_READ_CHARS) : text);
        return ToolResult.ok(out);
    }

    private static ToolResult write(ToolContext ctx, JsonNode args) {
        String name = args.path("name").asText("");
        Path notes = ctx.runDir().resolve("notes");
        Path file = inside(notes, name);
        if (file == null || name.isBlank()) {
            return ToolResult.error("'" + name + "' is not a file name under notes/");
        }
        new RunWorkspace(ctx.runDir())
                .writeString(
                        "notes/" + notes.relativize(file).toString().replace('\\', '/'),
                        args.path("content").asText(""));
        return ToolResult.ok(Json.object()
                .put("summary", "wrote notes/" + name)
                .put("bytes", args.path("content").asText("").length()));
    }

    /** The path of {@code name} under {@code dir}, or null if it would leave it. */
    private static Path inside(Path dir, String name) {
        Path p = dir.resolve(name).normalize();
        return p.startsWith(dir) && !p.equals(dir) ? p : null;
    }
}
