package svc.persistence.lineage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.costs.CostRepository;
import svc.persistence.costs.CostRepository.CostGroup;
import svc.persistence.costs.CostRepository.GroupBy;

/**
 * The registry's queries on the migrated schema: uploads registered once, datasets, models and
 * chains read back, and the costs report summed by group and range. On H2 always, and on
 * PostgreSQL too when {@code SVC_TEST_PG_URL} names a server (as {@code .ci/run} does).
 */
class RegistryQueriesTest {

    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");

    @TempDir
    Path home;

    static Stream<Arguments> databases() {
        String pg = System.getenv("SVC_TEST_PG_URL");
        return pg == null || pg.isBlank()
                ? Stream.of(Arguments.of("h2"))
                : Stream.of(Arguments.of("h2"), Arguments.of(pg));
    }

    private Database open(String which) throws Exception {
        if (which.equals("h2")) {
            return Database.open(new DatabaseSettings(
                    DatabaseSettings.Kind.H2,
                    "jdbc:h2:file:" + home.resolve("db") + ";DATABASE_TO_UPPER=false",
                    "sa",
                    "",
                    2));
        }
        String name =
                "svc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(which);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        String url = which.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
        return Database.open(new DatabaseSettings(DatabaseSettings.Kind.POSTGRES, url, "", "", 2));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void uploadsModelsChainsAndCosts(String which) throws Exception {
        LineageRepository lineage = new LineageRepository();
        CostRepository costs = new CostRepository();
        try (Database db = open(which);
                Connection c = db.connection()) {
            DatasetRow upload = new DatasetRow(
                    "ds-0123456789abcdef",
                    "file:///data/abc.csv",
                    "abc",
                    null,
                    T,
                    "loans.csv",
                    "csv",
                    120L,
                    3L,
                    List.of("a", "b"),
                    "ops@example.com");
            assertThat(lineage.registerUpload(c, upload)).isTrue();
            DatasetRow again = new DatasetRow(
                    "ds-0123456789abcdef",
                    "file:///data/abc.csv",
                    "abc",
                    "consent-1",
                    T,
                    "other.csv",
                    "csv",
                    120L,
                    3L,
                    List.of("a", "b"),
                    "someone@example.com");
            assertThat(lineage.registerUpload(c, again)).isFalse();
            DatasetRow read = lineage.findDataset(c, "ds-0123456789abcdef").orElseThrow();
            assertThat(read.name()).as("the first name stays").isEqualTo("loans.csv");
            assertThat(read.consentDocRef())
                    .as("a consent document not known before is added")
                    .isEqualTo("consent-1");
            assertThat(read.columns()).containsExactly("a", "b");
            assertThat(read.rowCount()).isEqualTo(3L);
            assertThat(read.uploaded()).isTrue();
            lineage.upsertDataset(c, "ds-path", "file:///srv/x.csv", "def", null, T.plusSeconds(1));
            assertThat(lineage.findDataset(c, "ds-path").orElseThrow().uploaded())
                    .isFalse();
            assertThat(lineage.listDatasets(c, 10, 0))
                    .extracting(DatasetRow::datasetId)
                    .containsExactly("ds-path", "ds-0123456789abcdef");
            assertThat(lineage.countDatasets(c)).isEqualTo(2);

            lineage.upsertModel(c, "model-a", "ds-0123456789abcdef", "run-a", "xgboost", T);
            lineage.upsertModel(c, "model-b", "ds-path", "run-b", "linear", T.plusSeconds(5));
            lineage.upsertDeployment(c, "dep-a", "model-a", "staging", 100, T.plusSeconds(9));
            assertThat(lineage.listModels(c, null, null, 10, 0))
                    .extracting(ModelRow::modelId)
                    .containsExactly("model-b", "model-a");
            assertThat(lineage.listModels(c, "run-a", null, 10, 0))
                    .extracting(ModelRow::modelId)
                    .containsExactly("model-a");
            assertThat(lineage.countModels(c, null, "ds-path")).isEqualTo(1);
            assertThat(lineage.countModels(c, "run-a", "ds-path")).isZero();
            ModelChain chain = lineage.chainForModel(c, "model-a").orElseThrow();
            assertThat(chain.dataset().sha256()).isEqualTo("abc");
            assertThat(chain.model().learner()).isEqualTo("xgboost");
            assertThat(chain.deployments())
                    .extracting(ModelChain.Deployment::deploymentId)
                    .containsExactly("dep-a");
            assertThat(chain.deployments().get(0).trafficPct()).isEqualTo(100);
            assertThat(lineage.chainForModel(c, "model-none")).isEmpty();
            lineage.deleteDatasets(c, List.of("ds-0123456789abcdef"));
            assertThat(lineage.chainForModel(c, "model-a").orElseThrow().dataset())
                    .as("an erased dataset leaves the model without one")
                    .isNull();

            costs.record(c, "run-a", "director", "claude-sonnet-4-5", "anthropic", T, 0.25);
            costs.record(c, "run-a", "worker", "claude-haiku-4-5", "anthropic", T.plusSeconds(60), 0.05);
            costs.record(c, "run-b", "director", "claude-sonnet-4-5", "anthropic", T.plusSeconds(86_400), 0.5);
            // spend carried over from before the ledger had models and providers
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO cost_ledger (run_id, agent, spent_at, cost_usd) VALUES ('run-c', 'director', ?, 1)")) {
                ps.setTimestamp(1, Timestamp.from(T));
                ps.executeUpdate();
            }
            List<CostGroup> byAgent = costs.report(c, null, null, GroupBy.AGENT);
            assertThat(byAgent).extracting(CostGroup::key).containsExactly("director", "worker");
            assertThat(byAgent.get(0).costUsd()).isCloseTo(1.75, within(1e-12));
            assertThat(byAgent.get(0).runs()).isEqualTo(3);
            assertThat(costs.report(c, null, null, GroupBy.MODEL))
                    .extracting(CostGroup::key)
                    .containsExactly("unknown", "claude-sonnet-4-5", "claude-haiku-4-5");
            List<CostGroup> firstDay = costs.report(c, T, T.plusSeconds(86_400), GroupBy.RUN);
            assertThat(firstDay).extracting(CostGroup::key).containsExactly("run-c", "run-a");
            assertThat(firstDay.get(1).costUsd()).isCloseTo(0.30, within(1e-12));
            assertThat(costs.report(c, T.plusSeconds(86_400), null, GroupBy.PROVIDER))
                    .containsExactly(new CostGroup("anthropic", 0.5, 1));
        }
    }
}
