/**
 * Where svc's state is kept: the database settings ({@code SVC_DB_URL}, H2 file by default),
 * the schema migrations of the journal and the read side, and the read-side repositories.
 * Repositories take a {@link java.sql.Connection} so projections can write in their own
 * transaction; callers run them on the {@code svc.jdbc-dispatcher}, never on the default one.
 */
package svc.persistence;
