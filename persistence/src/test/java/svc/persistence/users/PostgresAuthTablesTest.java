package svc.persistence.users;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;

/**
 * The V15 tables on PostgreSQL (its own migration), each test in a fresh database. Runs when
 * {@code SVC_TEST_PG_URL} names a server ({@code .ci/postgres.sh} starts one; CI always does).
 */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresAuthTablesTest extends AuthTablesTest {

    @Override
    DatabaseSettings database() throws Exception {
        String admin = System.getenv("SVC_TEST_PG_URL");
        String name =
                "svc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return new DatabaseSettings(
                DatabaseSettings.Kind.POSTGRES, admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1"), "", "", 2);
    }
}
