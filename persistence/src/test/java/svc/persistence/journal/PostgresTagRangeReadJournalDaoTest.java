package svc.persistence.journal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import svc.persistence.DatabaseSettings;
import svc.persistence.testing.FreshPostgres;

/**
 * The events-by-tag query on PostgreSQL, each test in a fresh database. Runs when
 * {@code SVC_TEST_PG_URL} names a server ({@code .ci/postgres.sh} starts one; CI always does).
 */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresTagRangeReadJournalDaoTest extends TagRangeReadJournalDaoTest {

    @Override
    DatabaseSettings database() throws Exception {
        return FreshPostgres.database();
    }

    /** PostgreSQL's plans are its own business; the H2 plan check does not apply. */
    @Override
    @Test
    void onH2ThePollReadsTheJournalRangeNotTheWholeTagTable() {}
}
