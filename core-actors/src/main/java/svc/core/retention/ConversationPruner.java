package svc.core.retention;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import svc.persistence.store.WorkingCopy;

/**
 * {@code conversations}: a finished run's conversation files ({@code conversations/*.jsonl} and
 * {@code index.json}, in the artefact store and this node's working copy) once the run ended
 * more than {@code conversations_days} ago. The messages they were projected from are the
 * agents' journals: {@link AgentEventsPruner} deletes those.
 */
final class ConversationPruner extends RunDataPruner {

    static final String KIND = "conversations";

    private final WorkingCopy files;

    ConversationPruner(WorkingCopy files) {
        this.files = files;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    void prune(PruneContext ctx, FinishedRun run) throws Exception {
        int days = ctx.days(run, RetentionClass.CONVERSATIONS);
        if (!ctx.due(run.endedAt(), days)) {
            return;
        }
        double age = ctx.ageDays(run);
        int deleted = 0;
        for (String key : files.store().keys(run.runId() + "/conversations/")) {
            if (FilePruning.delete(
                    ctx, files, key, path -> Deletion.file(run, KIND, RetentionClass.CONVERSATIONS, days, age, path))) {
                deleted++;
            }
        }
        Path dir = files.runDir(run.runId()).resolve("conversations");
        if (!ctx.dryRun() && Files.isDirectory(dir)) {
            try (Stream<Path> left = Files.list(dir)) {
                if (left.findAny().isEmpty()) {
                    Files.deleteIfExists(dir);
                }
            }
        }
        if (deleted > 0) {
            ctx.noteOnRun(run.runId(), KIND, deleted + " conversation file(s)", false);
        }
    }
}
