package svc.persistence.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import svc.persistence.DatabaseSettings;

/**
 * A new, empty database on the PostgreSQL server {@code SVC_TEST_PG_URL} names, so that each test
 * runs the migrations from scratch and sees no other test's rows.
 */
public final class FreshPostgres {

    private FreshPostgres() {}

    public static DatabaseSettings database() throws SQLException {
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
