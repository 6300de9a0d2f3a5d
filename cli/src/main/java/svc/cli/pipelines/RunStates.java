package svc.cli.pipelines;

import java.util.Iterator;
import java.util.List;
import svc.core.run.RunState;

/** The run states, offered by shell completion for {@code --state}; the server checks the value. */
final class RunStates implements Iterable<String> {

    static final List<String> ALL = RunState.wireNames();

    @Override
    public Iterator<String> iterator() {
        return ALL.iterator();
    }
}
