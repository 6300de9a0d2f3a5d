package svc.persistence.testing;

import java.nio.file.Path;
import svc.persistence.DatabaseSettings;

/** An H2 file database under a test's temporary home, as the read-side tests open it. */
public final class TestH2 {

    private TestH2() {}

    public static DatabaseSettings database(Path home) {
        return new DatabaseSettings(
                DatabaseSettings.Kind.H2,
                "jdbc:h2:file:" + home.resolve("db").toAbsolutePath() + ";DATABASE_TO_UPPER=false",
                "sa",
                "",
                2);
    }
}
