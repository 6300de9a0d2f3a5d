package svc.config.settings;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import svc.config.Json;

/**
 * Reads settings files. The text is parsed to a tree, the tree is validated as a whole (so every
 * problem is reported at once, with its pointer), and only a valid tree is bound to the records.
 */
public final class SettingsFile {

    private static final Pattern SOURCE_LOCATION = Pattern.compile("\\[Source: [^;]*; line: (\\d+), column: (\\d+)]");

    private SettingsFile() {}

    /** {@code ~/.svc/settings.json}, from the {@code user.home} system property. */
    public static Path defaultPath() {
        return Path.of(System.getProperty("user.home"), ".svc", "settings.json");
    }

    /**
     * Reads and validates one file.
     *
     * @throws java.nio.file.NoSuchFileException when the file does not exist
     * @throws IOException when it cannot be read
     */
    public static SettingsResult read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Like {@link #read}, for callers that can only go on with valid settings. */
    public static Settings load(Path file) throws IOException, InvalidSettingsException {
        SettingsResult result = read(file);
        if (result instanceof SettingsResult.Invalid invalid) {
            throw new InvalidSettingsException(file, invalid.problems());
        }
        return ((SettingsResult.Valid) result).settings();
    }

    /** Validates settings given as JSON text. {@code @path} prompts are looked up on disk. */
    public static SettingsResult parse(String json) {
        JsonNode root;
        try {
            root = Json.HAND_WRITTEN.readTree(json);
        } catch (JsonProcessingException e) {
            return new SettingsResult.Invalid(List.of(malformed(e)));
        }
        if (root == null || root.isMissingNode()) {
            return new SettingsResult.Invalid(List.of(new SettingsProblem(
                    "", "the file is empty: it must hold a JSON object such as {\"version\": 2, ...}")));
        }
        List<SettingsProblem> problems = SettingsValidator.validate(root);
        return problems.isEmpty() ? new SettingsResult.Valid(bind(root)) : new SettingsResult.Invalid(problems);
    }

    private static SettingsProblem malformed(JsonProcessingException e) {
        JsonLocation where = e.getLocation();
        String reason = e.getOriginalMessage().lines().findFirst().orElse("unreadable JSON");
        // Jackson names nested locations as "[Source: REDACTED ...; line: 3, column: 20]".
        reason = SOURCE_LOCATION.matcher(reason).replaceAll("line $1, column $2");
        String position = where == null ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
        return new SettingsProblem("", "malformed JSON" + position + ": " + reason);
    }

    private static Settings bind(JsonNode root) {
        Map<String, ProjectConfig> projects = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : root.properties()) {
            if (!entry.getKey().equals("version")) {
                projects.put(entry.getKey(), bindProject(entry.getValue()));
            }
        }
        return new Settings(root.get("version").asLong(), projects);
    }

    private static ProjectConfig bindProject(JsonNode project) {
        try {
            return Json.HAND_WRITTEN.treeToValue(project, ProjectConfig.class);
        } catch (JsonProcessingException e) {
            // The validator accepted this tree, so the records and the validator disagree: a bug here.
            throw new IllegalStateException("validated settings did not bind: " + e.getMessage(), e);
        }
    }
}
