package svc.governance.compliance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Issue 18, item 3: a compliance expression parses or fails with an {@link ExpressionException};
 * a parsed one yields true or false or an {@link ExpressionException} over any tool result and
 * run context (the gate then fails closed). Nothing else escapes, nothing hangs.
 */
class ExpressionPropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> RESULTS = List.of(
            "{}",
            "{\"a\":1,\"b\":\"x\",\"c\":true,\"d\":null,\"e\":[1,2],\"f\":{\"g\":0}}",
            "{\"a\":1e308,\"b\":-0.0,\"c\":99999999999999999999999,\"e\":[],\"f\":{\"g\":{\"h\":[{}]}}}",
            "[]",
            "null");

    private static void parsesOrRefuses(String source) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            Expression e;
            try {
                e = Expression.parse(source);
            } catch (ExpressionException expected) {
                assertThat(expected.getMessage()).isNotBlank();
                return;
            }
            for (String r : RESULTS) {
                for (String c : RESULTS) {
                    JsonNode result = JSON.readTree(r);
                    JsonNode context = JSON.readTree(c);
                    try {
                        e.test(result, context);
                    } catch (ExpressionException expected) {
                        assertThat(expected.getMessage()).isNotBlank();
                    }
                }
            }
        });
    }

    @Property(tries = 400)
    void anyText(@ForAll @StringLength(max = 300) String source) {
        parsesOrRefuses(source);
    }

    @Property(tries = 1500)
    void expressionShapedText(@ForAll("expressions") String source) {
        parsesOrRefuses(source);
    }

    @Provide
    Arbitrary<String> expressions() {
        Arbitrary<String> token = Arbitraries.of(
                "${a}",
                "${b}",
                "${c}",
                "${d}",
                "${e}",
                "${f.g}",
                "${f.g.h}",
                "${}",
                "${",
                "}",
                "${a.b.c.d}",
                "${run.x}",
                "${e[0]}",
                "1",
                "0",
                "-1",
                "1e308",
                "1e309",
                "0.0",
                "99999999999999999999999",
                "'s'",
                "\"t\"",
                "'",
                "true",
                "false",
                "null",
                "and",
                "or",
                "not",
                "!",
                "&&",
                "||",
                "==",
                "!=",
                "<",
                "<=",
                ">",
                ">=",
                "+",
                "-",
                "*",
                "/",
                "(",
                ")",
                ",",
                "abs",
                "min",
                "max",
                "len",
                "max(",
                "min(",
                "abs(",
                "unknown(",
                "é",
                "\u0000",
                "\\");
        return token.list().ofMaxSize(14).map(t -> String.join(" ", t));
    }
}
