package svc.persistence.crypto;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;
import svc.persistence.testing.FreshPostgres;

/** {@link OutboxAuditPredictionSealTest} on PostgreSQL (its own V17), in a fresh database. */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresOutboxAuditPredictionSealTest extends OutboxAuditPredictionSealTest {

    @Override
    DatabaseSettings database() throws Exception {
        return FreshPostgres.database();
    }
}
