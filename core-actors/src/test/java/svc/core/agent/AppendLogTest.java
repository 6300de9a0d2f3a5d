package svc.core.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.core.llm.ChatMessage;

/** The append-only list behind an agent's conversation: versions never change, appends are cheap. */
class AppendLogTest {

    @Test
    void everyVersionKeepsExactlyWhatItHad() {
        AppendLog<String> empty = AppendLog.empty();
        AppendLog<String> one = empty.append("a");
        AppendLog<String> two = one.append("b");
        assertThat(empty.asList()).isEmpty();
        assertThat(one.asList()).containsExactly("a");
        assertThat(two.asList()).containsExactly("a", "b");
        assertThat(two.last()).isEqualTo("b");
    }

    @Test
    void appendingToAnOlderVersionBranchesWithoutTouchingTheNewerOne() {
        AppendLog<String> base = AppendLog.<String>empty().append("a");
        AppendLog<String> left = base.append("b");
        AppendLog<String> right = base.append("c");
        assertThat(left.asList()).containsExactly("a", "b");
        assertThat(right.asList()).containsExactly("a", "c");
        assertThat(left.append("d").asList()).containsExactly("a", "b", "d");
        assertThat(right.append("e").asList()).containsExactly("a", "c", "e");
    }

    @Test
    void theSameItemAppendedTwiceToOneVersionSharesTheSlot() {
        // An event folded once to plan the next step and again by Pekko must not copy the log.
        AppendLog<ChatMessage> log = AppendLog.<ChatMessage>empty().append(ChatMessage.user("task"));
        AppendLog<ChatMessage> first = log.append(ChatMessage.user("more"));
        AppendLog<ChatMessage> second = log.append(ChatMessage.user("more"));
        assertThat(second).isEqualTo(first);
        assertThat(second.copiedElements()).isZero();
    }

    @Test
    void appendsCopyLinearlyMany() {
        AppendLog<Integer> log = AppendLog.empty();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            log = log.append(i);
        }
        assertThat(log.size()).isEqualTo(n);
        assertThat(log.get(n - 1)).isEqualTo(n - 1);
        // Doubling: every element is copied fewer than twice on average; a list copied on each append would copy n²/2.
        assertThat(log.copiedElements()).isLessThan(2L * n);
    }

    @Test
    void jacksonWritesAPlainArrayAndReadsItBack() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        AppendLog<ChatMessage> log = AppendLog.<ChatMessage>empty()
                .append(ChatMessage.user("hello"))
                .append(ChatMessage.toolResult("call-1", "{}", false));
        String json = mapper.writeValueAsString(log);
        assertThat(mapper.readTree(json).isArray()).isTrue();
        AppendLog<ChatMessage> back = mapper.readValue(json, new TypeReference<AppendLog<ChatMessage>>() {});
        assertThat(back).isEqualTo(log);
        assertThat(back.append(ChatMessage.user("again")).asList()).hasSize(3);
        assertThat(back.asList().get(1).role()).isEqualTo(ChatMessage.Role.TOOL);
    }

    @Test
    void aLogReadWholeAppendsInPlace() {
        AppendLog<String> read = AppendLog.of(List.of("a", "b"));
        AppendLog<String> more = read.append("c");
        assertThat(more.asList()).containsExactly("a", "b", "c");
        assertThat(more.copiedElements()).isZero();
    }
}
