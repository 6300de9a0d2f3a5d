package svc.core.retention;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code conversations}: a finished run's conversation files ({@code conversations/*.jsonl} and
 * {@code index.json}) once the run ended more than {@code conversations_days} ago. The messages
 * they were projected from are the agents' journals: {@link AgentEventsPruner} deletes those.
 */
final class ConversationPruner implements Pruner {

    static final String KIND = "conversations";

    private final Path home;
    private final Path runsDir;

    ConversationPruner(Path home, Path runsDir) {
        this.home = home;
        this.runsDir = runsDir;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public void prune(PruneContext ctx) {
        for (FinishedRun run : ctx.finishedRuns()) {
            try {
                prune(ctx, run);
            } catch (Exception e) {
                ctx.failed(KIND, run.runId(), e);
            }
        }
    }

    private void prune(PruneContext ctx, FinishedRun run) throws Exception {
        int days = ctx.days(run, RetentionClass.CONVERSATIONS);
        Path dir = runsDir.resolve(run.runId()).resolve("conversations");
        if (!ctx.due(run.endedAt(), days) || !Files.isDirectory(dir)) {
            return;
        }
        double age = ctx.ageDays(run);
        int deleted = 0;
        for (Path file : files(dir)) {
            if (FilePruning.delete(
                    ctx, home, file, path -> Deletion.file(run, KIND, RetentionClass.CONVERSATIONS, days, age, path))) {
                deleted++;
            }
        }
        if (!ctx.dryRun()) {
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

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
