package svc.persistence.notifications;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;
import svc.persistence.testing.FreshPostgres;

/**
 * The outbox tests on PostgreSQL (its own V12 migration), each in a fresh database. Runs when
 * {@code SVC_TEST_PG_URL} names a server ({@code .ci/postgres.sh} starts one; CI always does).
 */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresNotificationRepositoryTest extends NotificationRepositoryTest {

    @Override
    DatabaseSettings database() throws Exception {
        return FreshPostgres.database();
    }
}
