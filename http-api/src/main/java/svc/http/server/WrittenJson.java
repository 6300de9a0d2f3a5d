package svc.http.server;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.pekko.util.ByteString;

/**
 * The JSON bytes of values written before, kept by key while the value stays equal: a list
 * endpoint read over and over (the run list) writes only the items that changed since the last
 * answer instead of every item every time; writing the JSON was most of such a request's CPU.
 *
 * <p>Every answer still starts from the values just read, which are compared with the kept ones
 * ({@code equals}, so values must be records or other value types): a changed value, written on
 * another node or by anyone, is written again, never served stale, and nothing needs telling when
 * the data changes. Bounded: past {@code max} keys the cache starts over.
 */
public final class WrittenJson<K, V> {

    private record Written<V>(V value, byte[] bytes) {}

    private static final ByteString ITEMS = ByteString.fromString("{\"items\":[", StandardCharsets.UTF_8);
    private static final ByteString COMMA = ByteString.fromString(",", StandardCharsets.UTF_8);

    private final int max;
    private final Function<V, K> key;
    private final Map<K, Written<V>> written = new ConcurrentHashMap<>();

    /** @param key the identity of a value (a run's id), under which its latest bytes are kept */
    public WrittenJson(int max, Function<V, K> key) {
        this.max = max;
        this.key = key;
    }

    /** The value as {@link JsonSupport#bytes} writes it; the array is shared, never to be changed. */
    public byte[] bytes(V value) {
        K k = key.apply(value);
        Written<V> kept = written.get(k);
        if (kept != null && kept.value().equals(value)) {
            return kept.bytes();
        }
        byte[] bytes = JsonSupport.bytes(value);
        if (written.size() >= max) {
            written.clear();
        }
        written.put(k, new Written<>(value, bytes));
        return bytes;
    }

    /**
     * The page as {@link JsonSupport#bytes} writes a {@link Page}: {@code {items, total, limit,
     * offset}}. The items' kept arrays are joined, not copied.
     */
    public ByteString page(Page<V> page) {
        List<V> items = page.items();
        ByteString out = ITEMS;
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out = out.concat(COMMA);
            }
            out = out.concat(ByteString.fromArrayUnsafe(bytes(items.get(i))));
        }
        return out.concat(ByteString.fromString(
                "],\"total\":" + page.total() + ",\"limit\":" + page.limit() + ",\"offset\":" + page.offset() + "}",
                StandardCharsets.UTF_8));
    }

    int size() {
        return written.size();
    }
}
