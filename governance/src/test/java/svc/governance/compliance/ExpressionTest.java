package svc.governance.compliance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import svc.config.Json;

class ExpressionTest {

    private static JsonNode json(String s) {
        try {
            return Json.MAPPER.readTree(s);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static final JsonNode RESULT =
            json("{\"dpd\": 0.23, \"max_psi\": 0.3, \"groups\": [{\"name\": \"F\", \"rate\": 0.4}],"
                    + " \"label\": \"credit\", \"ok\": true, \"none\": null, \"nested\": {\"a\": {\"b\": 2}}}");
    private static final JsonNode CONTEXT = json("{\"profile\": \"bfsi\", \"threshold\": 0.1}");

    private static boolean eval(String expr) {
        return Expression.parse(expr).test(RESULT, CONTEXT);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '#',
            quoteCharacter = '`',
            value = {
                // precedence: * before +, + before comparison, comparison before not, not before and, and before or
                "1 + 2 * 3 == 7 # true",
                "(1 + 2) * 3 == 9 # true",
                "10 - 4 - 3 == 3 # true",
                "8 / 4 / 2 == 1 # true",
                "-2 * -3 == 6 # true",
                "- (1 + 2) == -3 # true",
                "not 1 > 2 # true",
                "! 1 > 2 # true",
                "true or false and false # true",
                "(true or false) and false # false",
                "not true or true # true",
                "true || false && false # true",
                "1 == 1.0 # true",
                "1e-1 == 0.1 # true",
                "'a' == \"a\" # true",
                "'a' != 'b' # true",
                "1 == '1' # false",
                "null == null # true",
                "${last_tool_result.none} == null # true",
                "${last_tool_result.dpd} > 0.1 # true",
                "${last_tool_result.dpd} > ${run_context.threshold} * 3 # false",
                "${last_tool_result.nested.a.b} >= 2 # true",
                "${last_tool_result.groups.0.rate} <= 0.4 # true",
                "${last_tool_result.label} == 'credit' and ${last_tool_result.ok} # true",
                "${run_context.profile} == 'bfsi' # true",
                "abs(-0.5) == 0.5 # true",
                "max(1, ${last_tool_result.dpd}, 0.2) == 1 # true",
                "min(${last_tool_result.dpd}, ${last_tool_result.max_psi}) < 0.25 # true",
                "len(${last_tool_result.groups}) == 1 # true",
                "len('abc') == 3 # true",
                "exists(${last_tool_result.dpd}) and not exists(${last_tool_result.missing}) # true",
                "exists(${last_tool_result.missing}) and ${last_tool_result.missing} > 1 # false",
            })
    void evaluates(String expr, boolean expected) {
        assertThat(eval(expr)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} -> column {1}")
    @CsvSource(
            delimiter = '#',
            quoteCharacter = '`',
            value = {
                "1 + # 4",
                "(1 > 2 # 7",
                "1 > 2) # 6",
                "1 = 2 # 3",
                "x > 1 # 1",
                "eval(1) # 1",
                "${env.HOME} == 1 # 3",
                "${last_tool_result.a-b} > 1 # 20",
                "${last_tool_result.a.} > 1 # 22",
                "${last_tool_result.a > 1 # 1",
                "1 < 2 < 3 # 7",
                "'abc # 1",
                "1 & 2 # 3",
                "abs(1, 2) # 1",
                "max() # 1",
                "exists(1) # 8",
                "12abc > 1 # 3",
                "$x # 1",
                "\u0661 > 0 # 1",
            })
    void parseErrorsNameTheColumn(String expr, int column) {
        assertThatThrownBy(() -> Expression.parse(expr))
                .isInstanceOfSatisfying(
                        ExpressionException.class, e -> assertThat(e.column()).isEqualTo(column))
                .hasMessageContaining("at column " + column);
    }

    @Test
    void emptyOverlongAndDeeplyNestedExpressionsAreRefused() {
        assertThatThrownBy(() -> Expression.parse("  ")).hasMessageContaining("empty");
        assertThatThrownBy(() -> Expression.parse("1 + ".repeat(600) + "1")).hasMessageContaining("longer than");
        assertThatThrownBy(() -> Expression.parse("(".repeat(100) + "1" + ")".repeat(100)))
                .hasMessageContaining("nests deeper");
        assertThatThrownBy(() -> Expression.parse("not ".repeat(100) + "true")).hasMessageContaining("nests deeper");
        assertThat(Expression.parse("(".repeat(30) + "true" + ")".repeat(30)).test(RESULT, CONTEXT))
                .isTrue();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            quoteCharacter = '`',
            value = {
                "${last_tool_result.__class__} == 1 # ${last_tool_result.__class__} does not resolve",
                "${last_tool_result.getClass} != null # does not resolve",
                "${run_context.threshold.__init__} > 0 # ${run_context.threshold.__init__} does not resolve",
                "${last_tool_result.groups.7.rate} > 0 # does not resolve",
                "${last_tool_result.label} > 1 # '>' needs a number, got string 'credit'",
                "${last_tool_result.none} > 0.1 # '>' needs a number, got null",
                "1 and true # 'and' needs true or false",
                "1 / 0 > 1 # division by zero",
                "1 + 1 # must yield true or false",
                "len(3) == 1 # len() takes",
            })
    void evaluationErrorsSayWhatIsWrong(String expr, String message) {
        assertThatThrownBy(() -> eval(expr))
                .isInstanceOf(ExpressionException.class)
                .hasMessageContaining(message);
    }

    @Test
    void injectionLookingTextIsJustAStringOrAParseError() {
        assertThat(eval("'${last_tool_result.dpd}; System.exit(1)' == 'x'")).isFalse();
        assertThatThrownBy(() -> Expression.parse("${last_tool_result.dpd}.getClass()"))
                .isInstanceOf(ExpressionException.class);
        assertThatThrownBy(() -> Expression.parse("java.lang.Runtime.getRuntime()"))
                .isInstanceOf(ExpressionException.class);
        assertThatThrownBy(() -> Expression.parse("${last_tool_result['dpd']} > 0"))
                .isInstanceOf(ExpressionException.class);
    }

    @Test
    void shortCircuitSkipsTheRightHandSide() {
        assertThat(eval("false and ${last_tool_result.missing} > 1")).isFalse();
        assertThat(eval("true or ${last_tool_result.missing} > 1")).isTrue();
    }

    @Test
    void resolvedValuesAreReportedInReadingOrder() {
        Map<String, Object> seen = new LinkedHashMap<>();
        Expression.parse("${last_tool_result.max_psi} > 0.25 or ${last_tool_result.dpd} > 0.1")
                .test(RESULT, CONTEXT, seen);
        assertThat(seen).containsExactly(Map.entry("${last_tool_result.max_psi}", 0.3));
    }
}
