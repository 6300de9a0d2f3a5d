package svc.governance.permission;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * In-memory denial log, safe to share between threads. It keeps the newest {@code capacity}
 * denials (older ones are dropped) so a long-running process cannot grow without bound; the
 * persistence module provides the durable one behind the same {@link DenialSink}.
 */
public final class DenialLog implements DenialSink {

    private final int capacity;
    private final Deque<DenialRecord> records = new ArrayDeque<>();

    public DenialLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("denial log capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
    }

    public DenialLog() {
        this(10_000);
    }

    @Override
    public synchronized void record(DenialRecord denial) {
        if (records.size() == capacity) {
            records.removeFirst();
        }
        records.addLast(denial);
    }

    /**
     * Denials oldest first; each filter is ignored when {@code null}. {@code since} is inclusive.
     * {@code tool} and {@code agent} are exact matches.
     */
    public synchronized List<DenialRecord> query(Instant since, String tool, String agent) {
        return records.stream()
                .filter(r -> since == null || !r.ts().isBefore(since))
                .filter(r -> tool == null || tool.equals(r.tool()))
                .filter(r -> agent == null || agent.equals(r.agent()))
                .toList();
    }

    public synchronized int size() {
        return records.size();
    }
}
