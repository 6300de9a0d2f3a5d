package svc.cli.pipelines;

import java.util.Iterator;
import java.util.List;

/** The run states, offered by shell completion for {@code --state}; the server checks the value. */
final class RunStates implements Iterable<String> {

    static final List<String> ALL =
            List.of("queued", "running", "waiting_approval", "paused", "cancelled", "succeeded", "failed");

    @Override
    public Iterator<String> iterator() {
        return ALL.iterator();
    }
}
