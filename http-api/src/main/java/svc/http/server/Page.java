package svc.http.server;

import java.util.List;
import java.util.function.Function;

/** The envelope every list endpoint answers with: {@code {items, total, limit, offset}}. */
public record Page<T>(List<T> items, int total, int limit, int offset) {

    /** One page read elsewhere (a repository, an entity), each item turned into its API record. */
    public static <A, T> Page<T> mapped(
            List<A> items, Function<? super A, ? extends T> toRecord, int total, int limit, int offset) {
        return new Page<>(items.stream().<T>map(toRecord).toList(), total, limit, offset);
    }

    /** A whole list as one page (limit and offset applied here). */
    public static <T> Page<T> of(List<T> all, Paging paging) {
        int from = Math.min(paging.offset(), all.size());
        int to = Math.min(all.size(), from + paging.limit());
        return new Page<>(all.subList(from, to), all.size(), paging.limit(), paging.offset());
    }
}
