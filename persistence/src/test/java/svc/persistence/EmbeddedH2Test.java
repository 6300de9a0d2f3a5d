package svc.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded database as svc opens it by default: the settings its URL asks for are those in force. */
class EmbeddedH2Test {

    @TempDir
    Path home;

    @Test
    void commitsAreWrittenThroughAndJournalSizedBlobsStayInTheirRow() throws Exception {
        DatabaseSettings settings = DatabaseSettings.fromConfig(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString(), "svc.db.url", ""))
                        .withFallback(ConfigFactory.load()));
        assertThat(settings.kind()).isEqualTo(DatabaseSettings.Kind.H2);
        try (Database db = Database.open(settings);
                Connection c = db.connection()) {
            assertThat(setting(c, "WRITE_DELAY")).isEqualTo("0");
            assertThat(setting(c, "MAX_LENGTH_INPLACE_LOB"))
                    .isEqualTo(String.valueOf(DatabaseSettings.H2_INPLACE_LOB_BYTES));
        }
    }

    private static String setting(Connection c, String name) throws Exception {
        try (PreparedStatement st =
                c.prepareStatement("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = ?")) {
            st.setString(1, name);
            try (ResultSet rs = st.executeQuery()) {
                assertThat(rs.next()).as(name + " is a setting H2 reports").isTrue();
                return rs.getString(1);
            }
        }
    }
}
