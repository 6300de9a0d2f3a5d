package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.Usage;

class ContextCompactorTest {

    /** 400 characters: 100 estimated tokens. */
    static final String BLOCK = "x".repeat(400);

    /** A task followed by {@code exchanges} rounds of one assistant turn with two tool calls and their results. */
    static List<ChatMessage> conversation(int exchanges) {
        List<ChatMessage> m = new ArrayList<>();
        m.add(ChatMessage.user("TASK: train a model"));
        for (int i = 0; i < exchanges; i++) {
            m.add(ChatMessage.assistant(
                    "step " + i,
                    List.of(
                            new ToolCall("a" + i, "train_model", "{}"),
                            new ToolCall("b" + i, "audit_fairness", "{}"))));
            m.add(ChatMessage.toolResult("a" + i, BLOCK, false));
            m.add(ChatMessage.toolResult("b" + i, BLOCK, i == 15));
        }
        return m;
    }

    static LlmRequest request(List<ChatMessage> messages) {
        return new LlmRequest("model-trainer", "claude-haiku-4-5", "SYSTEM", messages, List.of(), 1024);
    }

    @Test
    void estimatesFourCharactersPerToken() {
        // 6 chars of system prompt + 19 of task + 2 * 400 of results + "step 0" + two names and "{}"s.
        long chars = 6 + 19 + 800 + 6 + "train_model".length() + "audit_fairness".length() + 4;
        assertThat(ContextCompactor.estimateTokens(request(conversation(1)))).isEqualTo(6 / 4 + (chars - 6) / 4);
    }

    @Test
    void leavesAConversationBelowEightyPercentAlone() {
        LlmRequest r = request(conversation(10)); // about 2,070 tokens
        long tokens = ContextCompactor.estimateTokens(r);
        int window = (int) (tokens * 100 / 79);
        assertThat(ContextCompactor.compactIfNeeded(r, window)).isEmpty();
        assertThat(ContextCompactor.compactIfNeeded(r, (int) (tokens * 100 / 80)))
                .isPresent();
    }

    @Test
    void keepsSystemTaskAndRecentExchangesWholeAndSummarisesTheMiddle() {
        List<ChatMessage> full = conversation(20);
        LlmRequest r = request(full);
        int window = 5_000; // ~4,140 tokens: above 80 %; the target is 2,500
        ContextCompactor.Compaction c =
                ContextCompactor.compactIfNeeded(r, window).orElseThrow();

        List<ChatMessage> out = c.messages();
        assertThat(out.get(0)).isEqualTo(full.get(0));
        assertThat(out.get(1).role()).isEqualTo(ChatMessage.Role.USER);
        assertThat(out.get(1).content())
                .startsWith("[Context compacted: " + c.messagesReplaced() + " earlier messages");
        assertThat(out.get(1).content())
                .contains("you called train_model {}")
                .contains("tool error: ")
                .contains("older lines omitted");
        // The tail is the end of the original conversation, unchanged.
        List<ChatMessage> tail = out.subList(2, out.size());
        assertThat(full.subList(full.size() - tail.size(), full.size())).isEqualTo(tail);
        assertThat(c.messagesReplaced()).isEqualTo(full.size() - 1 - tail.size());
        assertThat(c.tokensBefore()).isEqualTo(ContextCompactor.estimateTokens(r));
        assertThat(c.tokensAfter())
                .isLessThanOrEqualTo(window / 2)
                .isEqualTo(ContextCompactor.estimateTokens(request(out)));
        assertPairsIntact(out);
    }

    @Test
    void neverSplitsACallFromItsResultsWhateverTheWindow() {
        List<ChatMessage> full = conversation(30);
        for (int window = 2_000; window <= 8_000; window += 137) {
            ContextCompactor.compactIfNeeded(request(full), window).ifPresent(c -> assertPairsIntact(c.messages()));
        }
    }

    @Test
    void keepsTheCurrentTaskWhenItFallsInTheMiddle() {
        List<ChatMessage> full = new ArrayList<>(conversation(3));
        full.add(ChatMessage.assistant("done with the first task", List.of()));
        full.add(ChatMessage.user("TASK 2: audit fairness"));
        for (int i = 10; i < 25; i++) {
            full.add(ChatMessage.assistant("", List.of(new ToolCall("c" + i, "audit_fairness", "{}"))));
            full.add(ChatMessage.toolResult("c" + i, BLOCK, false));
        }
        ContextCompactor.Compaction c =
                ContextCompactor.compactIfNeeded(request(full), 2_500).orElseThrow();

        List<ChatMessage> out = c.messages();
        assertThat(out.get(0).content()).isEqualTo("TASK: train a model");
        assertThat(out.get(1).content()).startsWith("[Context compacted");
        assertThat(out.get(2).content()).isEqualTo("TASK 2: audit fairness");
        assertThat(out.get(3).role()).isEqualTo(ChatMessage.Role.ASSISTANT);
        assertPairsIntact(out);
    }

    @Test
    void aConversationWithNothingToDropIsSentAsItIs() {
        List<ChatMessage> one = List.of(ChatMessage.user(BLOCK.repeat(10)), ChatMessage.assistant(BLOCK, List.of()));
        assertThat(ContextCompactor.compactIfNeeded(request(one), 500)).isEmpty();
    }

    @Test
    void theProviderSendsTheCompactedConversationAndEmitsBothHookEvents() {
        AtomicReference<LlmRequest> sent = new AtomicReference<>();
        LlmProvider inner = new LlmProvider() {
            @Override
            public String kind() {
                return "test";
            }

            @Override
            public CompletableFuture<LlmResponse> complete(LlmRequest request) {
                sent.set(request);
                return CompletableFuture.completedFuture(new LlmResponse("m", "ok", List.of(), Usage.NONE, "end_turn"));
            }
        };
        List<CompactionListener.CompactionEvent> events = new ArrayList<>();
        CompactingProvider p = new CompactingProvider(inner, model -> 5_000, events::add);
        LlmRequest full = request(conversation(20));
        p.complete(full).toCompletableFuture().join();

        assertThat(sent.get().messages().size()).isLessThan(full.messages().size());
        assertThat(sent.get().system()).isEqualTo("SYSTEM");
        assertThat(events)
                .extracting(CompactionListener.CompactionEvent::phase)
                .containsExactly(CompactionListener.Phase.PRE_COMPACTION, CompactionListener.Phase.POST_COMPACTION);
        assertThat(events.get(0).messages()).isEqualTo(full.messages().size());
        assertThat(events.get(1).messages()).isEqualTo(sent.get().messages().size());
        assertThat(events.get(1).estimatedTokens()).isLessThan(events.get(0).estimatedTokens());

        events.clear();
        p.complete(request(conversation(2))).toCompletableFuture().join();
        assertThat(events).isEmpty();
    }

    /** Every tool result answers a call of the assistant turn right before it, and every call is answered. */
    static void assertPairsIntact(List<ChatMessage> messages) {
        Set<String> open = new HashSet<>();
        for (ChatMessage m : messages) {
            switch (m.role()) {
                case ASSISTANT -> {
                    assertThat(open)
                            .as("calls left unanswered before %s", m.content())
                            .isEmpty();
                    m.toolCalls().forEach(c -> open.add(c.id()));
                }
                case TOOL ->
                    assertThat(open.remove(m.toolCallId()))
                            .as("result %s has its call", m.toolCallId())
                            .isTrue();
                case USER -> assertThat(open).isEmpty();
            }
        }
        assertThat(open).isEmpty();
    }
}
