package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code echo}: each record is its own output (for trying the machinery). */
final class EchoProcessor implements RecordProcessor {

    @Override
    public boolean oneByOne() {
        return false;
    }

    @Override
    public Outcome process(JsonNode record) {
        return Outcome.ok(record);
    }
}
