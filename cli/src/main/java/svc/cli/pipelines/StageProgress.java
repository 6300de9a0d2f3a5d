package svc.cli.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import svc.library.asset.Library;
import svc.library.workflow.PipelineConfigResolver;
import svc.library.workflow.WorkflowLoader;

/**
 * The progress prefix shown on a terminal: {@code [stage 3/4 evaluate]}, the number of workflow
 * nodes entered so far out of the workflow's nodes, and the current one. The total comes from
 * the customer workflow file when this client started the run with one, else from the built-in
 * library for a template (the client ships the same shelf as the server); when neither is
 * known it is left out. Routers may skip nodes, so a run can
 * end before the count reaches the total; the final state line says how it ended.
 */
final class StageProgress {

    private final Integer total;
    private final Set<String> entered = new LinkedHashSet<>();
    private String current;

    StageProgress(Integer total) {
        this.total = total;
    }

    /**
     * The progress of a run of {@code template} or of a local workflow file, with a total when either
     * is readable here.
     */
    static StageProgress of(String template, Optional<Path> workflowFile) {
        Optional<Integer> total =
                workflowFile.isPresent() ? fileNodeCount(workflowFile.get()) : templateNodeCount(template);
        return new StageProgress(total.orElse(null));
    }

    void accept(JsonNode message) {
        if (message.path("type").asText("").equals("stage")
                && !message.path("completed").asBoolean(false)
                && message.hasNonNull("node")) {
            current = message.get("node").asText();
            entered.add(current);
        }
    }

    String prefix() {
        if (current == null) {
            return "";
        }
        return "[stage " + entered.size() + (total == null ? "" : "/" + Math.max(total, entered.size())) + " " + current
                + "] ";
    }

    private static Optional<Integer> fileNodeCount(Path file) {
        try {
            return Optional.of(WorkflowLoader.fromFile(file).nodes().size());
        } catch (RuntimeException unreadableHere) {
            // the server validates the file; here it only sizes the progress indicator
            return Optional.empty();
        }
    }

    private static Optional<Integer> templateNodeCount(String template) {
        if (template == null || template.isBlank()) {
            return Optional.empty();
        }
        try {
            PipelineConfigResolver resolver = new PipelineConfigResolver(Library.builtIn(), Optional.empty());
            return Optional.of(resolver.resolve(Optional.empty(), Optional.of(template))
                    .workflow()
                    .nodes()
                    .size());
        } catch (RuntimeException unknownHere) {
            // a template this client's shelf does not have: progress without a total
            return Optional.empty();
        }
    }
}
