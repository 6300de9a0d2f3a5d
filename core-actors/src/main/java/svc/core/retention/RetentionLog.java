package svc.core.retention;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import svc.config.Json;

/**
 * {@code $SVC_HOME/retention_log.json}: one JSON object per line (JSON Lines, whatever the name
 * the spec gives the file), appended and synced as each deletion happens, so the file only ever
 * grows and a crash leaves at worst a torn last line; a JSON array would have to be rewritten to
 * stay valid. A line: {@code {"when", "run_id", "artefact_kind", "class", "days", "age_days",
 * "path" | "rows", "count"}}.
 */
final class RetentionLog {

    static final String FILE = "retention_log.json";

    /** One line of the log. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"when", "run_id", "artefact_kind", "class", "days", "age_days", "path", "rows", "count"})
    record Entry(
            Instant when,
            String runId,
            String artefactKind,
            @JsonProperty("class") String retentionClass,
            int days,
            double ageDays,
            String path,
            String rows,
            long count) {

        static Entry of(Instant when, Deletion d) {
            return new Entry(
                    when,
                    d.runId(),
                    d.artefactKind(),
                    d.retentionClass(),
                    d.days(),
                    d.ageDays(),
                    d.path(),
                    d.rows(),
                    d.count());
        }
    }

    private final Path file;

    RetentionLog(Path home) {
        this.file = home.resolve(FILE);
    }

    Path file() {
        return file;
    }

    synchronized void append(Instant when, Deletion deletion) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(
                    file,
                    Json.write(Entry.of(when, deletion)) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.DSYNC);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }
}
