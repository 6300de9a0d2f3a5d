package svc.core.batch;

import java.io.IOException;

/**
 * Where a batch's result lines go, opened at the batch's checkpoint by the restart rule (see
 * {@link BatchWorker}): {@link ClearResults} appends to one clear {@code results.jsonl};
 * {@link SealedResults} (at-rest encryption on) seals each flush as its own part file. Used from
 * one thread at a time; {@link #close} may come from another and makes the next write fail.
 */
interface ResultsLog extends AutoCloseable {

    /** Where the restart rule put the start: the lines kept, their errors and their bytes. */
    Progress start();

    /** Adds one line (with its newline); it is durable only after the next {@link #flush}. */
    void write(byte[] line) throws IOException;

    /** Makes every line written so far durable (and, sealed, one part). */
    void flush() throws IOException;

    @Override
    void close();
}
