package svc.core.agent;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list that grows by {@link #append} in O(1) amortised time, for state that only
 * ever grows (an agent's conversation, its finished tasks), so that folding the n-th event does
 * not copy the n - 1 before it.
 *
 * <p>Versions share one array: a version sees its first {@code size} slots, which never change
 * once written. Appending to the newest version writes the next slot in place; appending to an
 * older version (a branch) or to a full array copies into a new one. So every version handed out
 * stays exactly what it was, whichever thread reads it later (a snapshot is serialized on another
 * thread while the entity goes on appending). Appending the same item twice to one version (an
 * event folded once to plan the next step, and again by Pekko) shares the slot instead of
 * branching.
 *
 * <p>Jackson writes it as a plain array.
 */
public final class AppendLog<T> {

    private static final int FIRST_CAPACITY = 16;

    /** One array and how many of its slots are taken by the newest version on it. */
    private static final class Slab {
        final Object[] items;
        int used;

        Slab(Object[] items, int used) {
            this.items = items;
            this.used = used;
        }
    }

    private final Slab slab;
    private final int size;
    /** Elements copied to build this version since the log was created or read: a measure of work. */
    private final long copied;

    private AppendLog(Slab slab, int size, long copied) {
        this.slab = slab;
        this.size = size;
        this.copied = copied;
    }

    public static <T> AppendLog<T> empty() {
        return new AppendLog<>(new Slab(new Object[0], 0), 0, 0);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static <T> AppendLog<T> of(List<T> items) {
        Object[] array = items.toArray(new Object[Math.max(FIRST_CAPACITY, items.size())]);
        for (Object item : items) {
            Objects.requireNonNull(item, "an AppendLog holds no nulls");
        }
        return new AppendLog<>(new Slab(array, items.size()), items.size(), 0);
    }

    public AppendLog<T> append(T item) {
        Objects.requireNonNull(item, "an AppendLog holds no nulls");
        Slab s = slab;
        synchronized (s) {
            if (s.used == size && size < s.items.length) {
                s.items[size] = item;
                s.used = size + 1;
                return new AppendLog<>(s, size + 1, copied);
            }
            if (size < s.used && item.equals(s.items[size])) {
                return new AppendLog<>(s, size + 1, copied);
            }
        }
        Object[] items = new Object[Math.max(FIRST_CAPACITY, size * 2)];
        System.arraycopy(s.items, 0, items, 0, size);
        items[size] = item;
        return new AppendLog<>(new Slab(items, size + 1), size + 1, copied + size);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    @SuppressWarnings("unchecked")
    public T get(int index) {
        Objects.checkIndex(index, size);
        return (T) slab.items[index];
    }

    /** The last item, or null when empty. */
    public T last() {
        return size == 0 ? null : get(size - 1);
    }

    /** Elements copied to reach this version (0 for a log read whole); appends copy 2n at most. */
    long copiedElements() {
        return copied;
    }

    /** A read-only view of this version, without copying. */
    @JsonValue
    public List<T> asList() {
        return new View();
    }

    private final class View extends AbstractList<T> implements RandomAccess {
        @Override
        public T get(int index) {
            return AppendLog.this.get(index);
        }

        @Override
        public int size() {
            return size;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AppendLog<?> other && asList().equals(other.asList());
    }

    @Override
    public int hashCode() {
        return asList().hashCode();
    }

    @Override
    public String toString() {
        return "AppendLog" + asList();
    }
}
