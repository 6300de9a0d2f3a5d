package svc.library.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.library.LibraryException;
import svc.library.TestShelf;

class LibraryTest {

    @TempDir
    Path dir;

    @Test
    void builtInShelfHoldsTheShippedAssets() {
        Library library = Library.builtIn();
        assertThat(library.names(AssetKind.WORKFLOW))
                .containsExactly("default_ml_pipeline", "fast_prototype", "parallel_research");
        assertThat(library.names(AssetKind.TEMPLATE)).containsExactly("bfsi_baseline", "generic_ml", "hipaa_baseline");
        assertThat(library.list(AssetKind.ROSTER)).containsExactly(AssetRef.parse("roster/agents@v1.0.0"));
        Asset asset = library.resolve(AssetRef.parse("workflow/fast_prototype@v1.0.0"));
        assertThat(asset.manifest().entry()).isEqualTo("workflow.yaml");
        assertThat(asset.readString("workflow.yaml")).contains("start: prepare_data");
    }

    @Test
    void missingAssetListsTheKnownOnesOfThatKind() {
        assertThatThrownBy(() -> Library.builtIn().resolve(AssetRef.parse("workflow/quick_pipeline@v1.0.0")))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("no workflow named 'quick_pipeline'")
                .hasMessageContaining("default_ml_pipeline, fast_prototype, parallel_research");
    }

    @Test
    void missingVersionListsTheVersionsThatExist() {
        Library library = Library.open(threeVersions().root());
        assertThatThrownBy(() -> library.resolve(AssetRef.parse("workflow/flow@v1.1.0")))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("workflow/flow has no version v1.1.0")
                .hasMessageContaining("v1.0.0, v1.9.0, v1.10.0");
    }

    @Test
    void latestIsTheHighestVersionNumerically() {
        Library library = Library.open(threeVersions().root());
        assertThat(library.latest(AssetKind.WORKFLOW, "flow").ref().version()).isEqualTo(Version.parse("v1.10.0"));
        assertThat(library.list(AssetKind.WORKFLOW))
                .extracting(r -> r.version().toString())
                .containsExactly("v1.0.0", "v1.9.0", "v1.10.0");
        assertThat(library.list(AssetKind.TEMPLATE)).isEmpty();
    }

    @Test
    void unknownManifestFieldIsAnErrorNamingTheFieldAndTheManifest() {
        new TestShelf(dir)
                .file("template/acme/v1.0.0/manifest.yaml", """
                name: acme
                kind: template
                version: v1.0.0
                description: x
                entry: template.yaml
                files: [template.yaml]
                author: someone
                """)
                .file("template/acme/v1.0.0/template.yaml", "name: acme\n");
        assertThatThrownBy(() -> Library.open(dir))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("manifest template/acme/v1.0.0/manifest.yaml")
                .hasMessageContaining("unknown field 'author'")
                .hasMessageContaining("line 7");
    }

    @Test
    void manifestMustAgreeWithItsFolderAndListExistingFiles() {
        new TestShelf(dir)
                .file("workflow/flow/v1.0.0/manifest.yaml", """
                name: other
                kind: workflow
                version: v2.0.0
                description: x
                entry: missing.yaml
                files: [workflow.yaml]
                """)
                .file("workflow/flow/v1.0.0/workflow.yaml", "x: 1\n")
                .file("widgets/thing/v1.0.0/manifest.yaml", "name: thing\n");
        assertThatThrownBy(() -> Library.open(dir))
                .isInstanceOf(LibraryException.class)
                .satisfies(e -> assertThat(((LibraryException) e).problems())
                        .containsExactlyInAnyOrder(
                                dir.resolve("widgets")
                                        + ": unknown asset kind folder 'widgets'; expected one of workflow, "
                                        + "roster, template",
                                "manifest workflow/flow/v1.0.0/manifest.yaml: field 'name' is 'other' but the "
                                        + "folder says 'flow'",
                                "manifest workflow/flow/v1.0.0/manifest.yaml: field 'version' is 'v2.0.0' but "
                                        + "the folder says 'v1.0.0'",
                                "manifest workflow/flow/v1.0.0/manifest.yaml: entry 'missing.yaml' is not "
                                        + "among files [workflow.yaml]"));
    }

    @Test
    void aListedFileThatDoesNotExistIsReported() {
        new TestShelf(dir)
                .file("roster/team/v1.0.0/manifest.yaml", """
                name: team
                kind: roster
                version: v1.0.0
                description: x
                entry: agents.yaml
                files: [agents.yaml, ../../../escape.yaml]
                """)
                .file("roster/team/v1.0.0/agents.yaml", "agents: []\n")
                .file("escape.yaml", "x: 1\n");
        assertThatThrownBy(() -> Library.open(dir))
                .hasMessageContaining("listed file '../../../escape.yaml' does not exist in the asset folder");
    }

    private TestShelf threeVersions() {
        return new TestShelf(dir)
                .asset("workflow", "flow", "v1.9.0", "workflow.yaml", "name: flow\n")
                .asset("workflow", "flow", "v1.10.0", "workflow.yaml", "name: flow\n")
                .asset("workflow", "flow", "v1.0.0", "workflow.yaml", "name: flow\n");
    }
}
