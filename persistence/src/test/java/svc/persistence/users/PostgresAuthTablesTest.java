package svc.persistence.users;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;
import svc.persistence.testing.FreshPostgres;

/**
 * The V15 tables on PostgreSQL (its own migration), each test in a fresh database. Runs when
 * {@code SVC_TEST_PG_URL} names a server ({@code .ci/postgres.sh} starts one; CI always does).
 */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresAuthTablesTest extends AuthTablesTest {

    @Override
    DatabaseSettings database() throws Exception {
        return FreshPostgres.database();
    }
}
