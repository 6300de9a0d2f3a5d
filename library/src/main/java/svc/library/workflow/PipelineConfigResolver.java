package svc.library.workflow;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.library.LibraryException;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;

/**
 * Decides which workflow a run follows, in the spec's order:
 * <ol>
 *   <li>an explicit path (a customer YAML file named in the request);</li>
 *   <li>a library workflow named by the request's template: a bare name
 *       ({@code parallel_research}, newest version), a pinned {@code name@vX.Y.Z}, or a full
 *       {@code workflow/name@vX.Y.Z} reference;</li>
 *   <li>the legacy config file ({@code $SVC_HOME/pipeline.yaml} or a path given here), kept for
 *       one release and logged as deprecated each time it decides;</li>
 *   <li>the built-in default, {@value #DEFAULT_WORKFLOW}.</li>
 * </ol>
 * A source that is named but broken (a missing file, an unknown template) is an error, never a
 * silent fall-through: running a different pipeline than the one asked for is worse than failing.
 */
public final class PipelineConfigResolver {

    public static final String DEFAULT_WORKFLOW = "default_ml_pipeline";
    public static final String LEGACY_FILE_NAME = "pipeline.yaml";

    private static final Logger LOG = LoggerFactory.getLogger(PipelineConfigResolver.class);

    /** Which rule of the order decided. */
    public enum Source {
        EXPLICIT_PATH,
        LIBRARY,
        LEGACY_FILE,
        BUILT_IN_DEFAULT
    }

    /**
     * The outcome.
     *
     * @param origin the file path or asset reference the workflow came from
     */
    public record Resolved(Workflow workflow, Source source, String origin) {}

    private final Library library;
    private final Optional<Path> legacyFile;

    /**
     * @param legacyFile the legacy config file to fall back to; empty to skip that step
     */
    public PipelineConfigResolver(Library library, Optional<Path> legacyFile) {
        this.library = Objects.requireNonNull(library, "library");
        this.legacyFile = Objects.requireNonNull(legacyFile, "legacyFile");
    }

    /** A resolver whose legacy file is {@code <svcHome>/pipeline.yaml}. */
    public static PipelineConfigResolver forSvcHome(Library library, Path svcHome) {
        return new PipelineConfigResolver(library, Optional.of(svcHome.resolve(LEGACY_FILE_NAME)));
    }

    /**
     * Resolves the workflow of a run.
     *
     * @param explicitPath a customer workflow file, if the request named one
     * @param template     a library workflow name or reference, if the request named one
     * @throws LibraryException when the named file or template is missing or invalid
     */
    public Resolved resolve(Optional<Path> explicitPath, Optional<String> template) {
        if (explicitPath.isPresent()) {
            Path path = explicitPath.get();
            if (!Files.isRegularFile(path)) {
                throw new LibraryException("workflow file " + path + " does not exist or is not a file");
            }
            return new Resolved(WorkflowLoader.fromFile(path), Source.EXPLICIT_PATH, path.toString());
        }
        Optional<String> named = template.map(String::strip).filter(t -> !t.isEmpty());
        if (named.isPresent()) {
            AssetRef ref = libraryRef(named.get());
            return new Resolved(WorkflowLoader.fromLibrary(library, ref), Source.LIBRARY, ref.toString());
        }
        if (legacyFile.isPresent() && Files.isRegularFile(legacyFile.get())) {
            Path path = legacyFile.get();
            LOG.warn(
                    "Using the legacy pipeline config {}; it is deprecated and will be ignored in the next release. "
                            + "Name a library workflow (template) or pass the file as an explicit workflow path "
                            + "instead.",
                    path);
            return new Resolved(WorkflowLoader.fromFile(path), Source.LEGACY_FILE, path.toString());
        }
        AssetRef ref = library.latest(AssetKind.WORKFLOW, DEFAULT_WORKFLOW).ref();
        return new Resolved(WorkflowLoader.fromLibrary(library, ref), Source.BUILT_IN_DEFAULT, ref.toString());
    }

    private AssetRef libraryRef(String template) {
        try {
            if (template.contains("/")) {
                return AssetRef.parse(template);
            }
            if (template.contains("@")) {
                return AssetRef.parse(AssetKind.WORKFLOW.id() + "/" + template);
            }
        } catch (IllegalArgumentException e) {
            throw new LibraryException("template " + e.getMessage(), e);
        }
        if (!AssetRef.isValidName(template)) {
            throw new LibraryException("'" + template + "' is not a workflow name; expected a name such as "
                    + DEFAULT_WORKFLOW + " or a reference " + AssetRef.FORMAT);
        }
        return library.latest(AssetKind.WORKFLOW, template).ref();
    }
}
