package svc.core.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnowledgeIndexTest {

    @TempDir
    Path dir;

    private List<KnowledgeIndex.Base> bases;

    @BeforeEach
    void write() throws Exception {
        Path policy = Files.createDirectories(dir.resolve("knowledge/policy"));
        Files.writeString(policy.resolve("lending.md"), """
                # Affordability

                Applicants must show that repayments stay below 40 percent of their net monthly income.
                Self-employed applicants provide two years of accounts.

                # Collateral

                Secured loans above 50,000 need a valuation of the property by an approved surveyor.

                # Age

                Age is never used as a feature of a credit model; it is kept only to audit fairness.
                """);
        Files.writeString(policy.resolve("logo.png"), "not text");
        Files.writeString(dir.resolve("knowledge/glossary.txt"), """
                PSI: population stability index, a measure of how far a feature's distribution moved.

                Demographic parity difference: the largest gap between groups' selection rates.
                """);
        bases = List.of(
                new KnowledgeIndex.Base("policy", policy, "The lending policy."),
                new KnowledgeIndex.Base("glossary", dir.resolve("knowledge/glossary.txt"), "Terms."));
    }

    @Test
    void theBestPassageComesFirstWithItsSourceAndHeading() {
        try (KnowledgeIndex index = KnowledgeIndex.build(bases)) {
            List<KnowledgeIndex.Hit> hits = index.search("what valuation do secured loans need", Optional.empty(), 3);
            assertThat(hits).isNotEmpty();
            assertThat(hits.get(0).knowledgeBase()).isEqualTo("policy");
            assertThat(hits.get(0).source()).isEqualTo("lending.md");
            assertThat(hits.get(0).title()).isEqualTo("Collateral");
            assertThat(hits.get(0).passage()).contains("approved surveyor");
            assertThat(hits).isSortedAccordingTo((a, b) -> Double.compare(b.score(), a.score()));
            // Stemming: "applicant" finds "Applicants".
            assertThat(index.search("applicant income", Optional.empty(), 1)
                            .get(0)
                            .title())
                    .isEqualTo("Affordability");
        }
    }

    @Test
    void oneBaseCanBeSearchedAloneAndOnlyTextFilesAreIndexed() {
        try (KnowledgeIndex index = KnowledgeIndex.build(bases)) {
            assertThat(index.search("population stability feature", Optional.of("policy"), 5))
                    .as("the glossary's passage is filtered out")
                    .isNotEmpty()
                    .allSatisfy(h -> assertThat(h.knowledgeBase()).isEqualTo("policy"));
            assertThat(index.search("population stability", Optional.of("glossary"), 5))
                    .first()
                    .satisfies(h -> assertThat(h.source()).isEqualTo("glossary.txt"));
            assertThat(index.bases())
                    .extracting(
                            KnowledgeIndex.Summary::name,
                            KnowledgeIndex.Summary::files,
                            KnowledgeIndex.Summary::passages)
                    .containsExactly(Tuple.tuple("glossary", 1, 1), Tuple.tuple("policy", 1, 3));
            assertThat(index.base("policy").orElseThrow().skipped()).containsExactly("logo.png");
        }
    }

    @Test
    void queriesAreTextNotSyntaxAndBadRequestsSayWhy() {
        try (KnowledgeIndex index = KnowledgeIndex.build(bases)) {
            assertThat(index.search("\"age:* (credit", Optional.empty(), 2))
                    .first()
                    .satisfies(h -> assertThat(h.title()).isEqualTo("Age"));
            assertThat(index.search("the and of", Optional.empty(), 2))
                    .as("stop words only")
                    .isEmpty();
            assertThatThrownBy(() -> index.search(" ", Optional.empty(), 2)).hasMessageContaining("q:");
            assertThatThrownBy(() -> index.search("age", Optional.of("nope"), 2))
                    .hasMessageContaining("no knowledge base named 'nope'")
                    .hasMessageContaining("glossary, policy");
            assertThatThrownBy(() -> index.search("age", Optional.empty(), 21)).hasMessageContaining("1..20");
        }
    }

    @Test
    void twoBuildsFromTheSameFilesGiveTheSameScoresAsTwoNodesWould() {
        try (KnowledgeIndex a = KnowledgeIndex.build(bases);
                KnowledgeIndex b = KnowledgeIndex.build(List.of(bases.get(1), bases.get(0)))) {
            assertThat(a.search("income of applicants", Optional.empty(), 5))
                    .isNotEmpty()
                    .isEqualTo(b.search("income of applicants", Optional.empty(), 5));
        }
    }

    @Test
    void aBaseWhosePathIsGoneStopsTheStart() {
        assertThatThrownBy(() ->
                        KnowledgeIndex.build(List.of(new KnowledgeIndex.Base("gone", dir.resolve("missing"), ""))))
                .hasMessageContaining("knowledge base gone")
                .hasMessageContaining("does not exist");
    }
}
