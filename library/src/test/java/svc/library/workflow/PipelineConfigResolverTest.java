package svc.library.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import svc.library.LibraryException;
import svc.library.TestShelf;
import svc.library.asset.Library;
import svc.library.workflow.PipelineConfigResolver.Resolved;
import svc.library.workflow.PipelineConfigResolver.Source;

class PipelineConfigResolverTest {

    private static final String CUSTOMER = """
            name: customer_flow
            description: one stage
            start: only
            nodes:
              - {id: only, type: stage, team: data, goal: profile the data}
            edges: []
            """;

    @TempDir
    Path home;

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(PipelineConfigResolver.class);

    @BeforeEach
    void captureLogs() {
        logs.start();
        logger.addAppender(logs);
    }

    @AfterEach
    void releaseLogs() {
        logger.detachAppender(logs);
    }

    @Test
    void explicitPathWinsOverEverything() {
        Path file = write("customer.yaml", CUSTOMER);
        write("pipeline.yaml", CUSTOMER.replace("customer_flow", "legacy_flow"));
        Resolved r = resolver().resolve(Optional.of(file), Optional.of("fast_prototype"));
        assertThat(r.source()).isEqualTo(Source.EXPLICIT_PATH);
        assertThat(r.workflow().name()).isEqualTo("customer_flow");
        assertThat(r.origin()).isEqualTo(file.toString());
    }

    @Test
    void templateNameSelectsTheNewestLibraryWorkflow() {
        write("pipeline.yaml", CUSTOMER);
        Resolved r = resolver().resolve(Optional.empty(), Optional.of("parallel_research"));
        assertThat(r.source()).isEqualTo(Source.LIBRARY);
        assertThat(r.origin()).isEqualTo("workflow/parallel_research@v1.0.0");
        assertThat(r.workflow().name()).isEqualTo("parallel_research");
    }

    @Test
    void pinnedAndFullReferencesAreAccepted() {
        assertThat(resolver()
                        .resolve(Optional.empty(), Optional.of("fast_prototype@v1.0.0"))
                        .origin())
                .isEqualTo("workflow/fast_prototype@v1.0.0");
        assertThat(resolver()
                        .resolve(Optional.empty(), Optional.of("workflow/fast_prototype@v1.0.0"))
                        .workflow()
                        .name())
                .isEqualTo("fast_prototype");
    }

    @Test
    void legacyFileIsUsedWithADeprecationWarning() {
        write("pipeline.yaml", CUSTOMER.replace("customer_flow", "legacy_flow"));
        Resolved r = resolver().resolve(Optional.empty(), Optional.empty());
        assertThat(r.source()).isEqualTo(Source.LEGACY_FILE);
        assertThat(r.workflow().name()).isEqualTo("legacy_flow");
        assertThat(logs.list).singleElement().satisfies(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.WARN);
            assertThat(e.getFormattedMessage())
                    .contains("deprecated")
                    .contains(home.resolve("pipeline.yaml").toString());
        });
    }

    @Test
    void builtInDefaultWhenNothingElseIsGiven() {
        Resolved r = resolver().resolve(Optional.empty(), Optional.of("  "));
        assertThat(r.source()).isEqualTo(Source.BUILT_IN_DEFAULT);
        assertThat(r.origin()).isEqualTo("workflow/default_ml_pipeline@v1.0.0");
        assertThat(logs.list).isEmpty();
    }

    @Test
    void aNamedButMissingSourceIsAnErrorNotAFallThrough() {
        write("pipeline.yaml", CUSTOMER);
        assertThatThrownBy(() -> resolver().resolve(Optional.of(home.resolve("nope.yaml")), Optional.empty()))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("nope.yaml does not exist");
        assertThatThrownBy(() -> resolver().resolve(Optional.empty(), Optional.of("fast")))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("no workflow named 'fast'")
                .hasMessageContaining("default_ml_pipeline, fast_prototype, parallel_research");
        assertThatThrownBy(() -> resolver().resolve(Optional.empty(), Optional.of("fast_prototype@v9.0.0")))
                .hasMessageContaining("has no version v9.0.0; versions on the shelf: v1.0.0");
        assertThatThrownBy(() -> resolver().resolve(Optional.empty(), Optional.of("fast_prototype@latest")))
                .hasMessageContaining("<kind>/<name>@vX.Y.Z");
    }

    @Test
    void anInvalidCustomerFileListsItsProblems() {
        Path file = write("bad.yaml", CUSTOMER.replace("team: data", "team: dta"));
        assertThatThrownBy(() -> resolver().resolve(Optional.of(file), Optional.empty()))
                .hasMessageContaining("node 'only': unknown team 'dta'");
    }

    @Test
    void libraryDefaultComesFromTheGivenShelf() {
        TestShelf shelf = new TestShelf(home.resolve("shelf"))
                .copyBuiltIn("workflow/default_ml_pipeline/v1.0.0/manifest.yaml")
                .copyBuiltIn("workflow/default_ml_pipeline/v1.0.0/workflow.yaml");
        Resolved r = new PipelineConfigResolver(Library.open(shelf.root()), Optional.empty())
                .resolve(Optional.empty(), Optional.empty());
        assertThat(r.source()).isEqualTo(Source.BUILT_IN_DEFAULT);
        assertThat(r.workflow().nodes()).hasSize(9);
    }

    private PipelineConfigResolver resolver() {
        return PipelineConfigResolver.forSvcHome(Library.builtIn(), home);
    }

    private Path write(String name, String text) {
        new TestShelf(home).file(name, text);
        return home.resolve(name);
    }
}
