package svc.core.crypto;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;

/** {@link ResealTest} on PostgreSQL (bytea payloads, its own migrations), in a fresh database. */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresResealTest extends ResealTest {

    @Override
    DatabaseSettings settings() throws Exception {
        String admin = System.getenv("SVC_TEST_PG_URL");
        String name =
                "svc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        return new DatabaseSettings(
                DatabaseSettings.Kind.POSTGRES, admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1"), "", "", 4);
    }
}
