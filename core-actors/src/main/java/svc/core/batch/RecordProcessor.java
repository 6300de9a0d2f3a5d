package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** What a batch does with each record: one outcome per record, in order. */
interface RecordProcessor {

    /** A record's output, or why it has none. */
    record Outcome(JsonNode output, String error) {

        static Outcome ok(JsonNode output) {
            return new Outcome(output, null);
        }

        static Outcome error(String error) {
            return new Outcome(null, error);
        }
    }

    /**
     * Whether each record's line is written as soon as it completes (slow records: a crash then
     * repeats none that finished), rather than a chunk's lines together.
     */
    boolean oneByOne();

    Outcome process(JsonNode record);

    /** The outcomes of several records at once (a model predicts them in one call). */
    default List<Outcome> processAll(List<JsonNode> records) {
        List<Outcome> out = new ArrayList<>(records.size());
        for (JsonNode r : records) {
            out.add(process(r));
        }
        return out;
    }
}
