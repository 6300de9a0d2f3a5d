package svc.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Requests that arrive during a read share the next read, never the one that was already running. */
class CoalescedReadsTest {

    /** Reads completed by the test, in the order they were started. */
    private final List<CompletableFuture<String>> started = new ArrayList<>();

    private final Supplier<CompletionStage<String>> read = () -> {
        CompletableFuture<String> f = new CompletableFuture<>();
        started.add(f);
        return f;
    };

    @Test
    void aLoneRequestIsReadAtOnceAndTheKeyIsForgottenAfterwards() {
        CoalescedReads<String, String> reads = new CoalescedReads<>();
        CompletableFuture<String> answer = reads.get("page", read).toCompletableFuture();
        assertThat(started).hasSize(1);
        started.get(0).complete("v1");
        assertThat(answer).isCompletedWithValue("v1");
        assertThat(reads.keys()).isZero();
    }

    @Test
    void requestsArrivingDuringAReadShareTheNextOneNotTheRunningOne() {
        CoalescedReads<String, String> reads = new CoalescedReads<>();
        CompletableFuture<String> first = reads.get("page", read).toCompletableFuture();
        CompletableFuture<String> second = reads.get("page", read).toCompletableFuture();
        CompletableFuture<String> third = reads.get("page", read).toCompletableFuture();
        CompletableFuture<String> other = reads.get("other page", read).toCompletableFuture();
        assertThat(started).hasSize(2); // "page" once, "other page" once

        started.get(0).complete("before");
        assertThat(first).isCompletedWithValue("before");
        // The data may have changed after the first read began: the late ones get a read of their own.
        assertThat(second).isNotDone();
        assertThat(third).isNotDone();
        assertThat(started).hasSize(3);

        started.get(2).complete("after");
        assertThat(second).isCompletedWithValue("after");
        assertThat(third).isCompletedWithValue("after");
        assertThat(started).hasSize(3);
        started.get(1).complete("o");
        assertThat(other).isCompletedWithValue("o");
        assertThat(reads.keys()).isZero();
    }

    @Test
    void aFailedReadFailsItsRequestsOnlyAndTheNextBatchIsStillRead() {
        CoalescedReads<String, String> reads = new CoalescedReads<>();
        CompletableFuture<String> first = reads.get("page", read).toCompletableFuture();
        CompletableFuture<String> second = reads.get("page", read).toCompletableFuture();
        started.get(0).completeExceptionally(new IllegalStateException("database down"));
        assertThat(first).isCompletedExceptionally();
        started.get(1).complete("back");
        assertThat(second).isCompletedWithValue("back");

        CompletableFuture<String> thrown = reads.get("page", () -> {
                    throw new IllegalStateException("no connection");
                })
                .toCompletableFuture();
        assertThat(thrown).isCompletedExceptionally();
        assertThat(reads.keys()).isZero();
    }
}
