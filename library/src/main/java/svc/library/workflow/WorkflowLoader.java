package svc.library.workflow;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import svc.library.LibraryException;
import svc.library.LibraryYaml;
import svc.library.asset.Asset;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.roster.Team;
import svc.library.workflow.WorkflowSpec.EdgeSpec;
import svc.library.workflow.WorkflowSpec.NodeSpec;

/**
 * Reads workflow YAML (from a file or a library asset), validates it and builds a
 * {@link Workflow}. A workflow that fails validation is never returned: the exception lists
 * every problem.
 */
public final class WorkflowLoader {

    private WorkflowLoader() {}

    /** Loads a customer workflow file. */
    public static Workflow fromFile(Path file) {
        try {
            return fromYaml(Files.newInputStream(file), file.toString());
        } catch (IOException e) {
            throw new LibraryException("workflow file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Loads a workflow asset from the library. */
    public static Workflow fromLibrary(Library library, AssetRef ref) {
        if (ref.kind() != AssetKind.WORKFLOW) {
            throw new LibraryException(ref + " is not a workflow reference; expected workflow/<name>@vX.Y.Z");
        }
        Asset asset = library.resolve(ref);
        return fromYaml(asset.openEntry(), asset.describeEntry());
    }

    /**
     * Parses and validates workflow YAML.
     *
     * @param source how to name the input in error messages
     */
    public static Workflow fromYaml(InputStream in, String source) {
        WorkflowSpec spec = LibraryYaml.read(in, WorkflowSpec.class, "workflow " + source);
        List<String> problems = WorkflowValidator.validate(spec);
        if (!problems.isEmpty()) {
            throw new LibraryException("workflow " + source + " is invalid", problems);
        }
        return build(spec);
    }

    /** Builds the typed model from a spec the validator accepted. */
    static Workflow build(WorkflowSpec spec) {
        List<Node> nodes = spec.nodes().stream().map(WorkflowLoader::node).toList();
        List<Edge> edges = spec.edges().stream().map(WorkflowLoader::edge).toList();
        return new Workflow(spec.name(), spec.description(), spec.start(), nodes, edges);
    }

    private static Node node(NodeSpec n) {
        return switch (n.type()) {
            case "stage" ->
                new Node.Stage(
                        n.id(),
                        Team.fromId(n.team()).orElseThrow(),
                        n.goal().strip(),
                        n.parallel() == null ? List.of() : n.parallel());
            case "router" -> new Node.Router(n.id());
            case "checkpoint" ->
                new Node.Checkpoint(
                        n.id(),
                        GateType.fromId(n.gateType()).orElseThrow(),
                        n.ttlSeconds(),
                        n.escalateAfterSeconds(),
                        n.notifyChannels() == null ? List.of() : n.notifyChannels());
            default -> throw new IllegalStateException("validator let through node type " + n.type());
        };
    }

    private static Edge edge(EdgeSpec e) {
        return new Edge(e.source(), e.target(), e.priority() == null ? 0 : e.priority(), e.metadata());
    }
}
