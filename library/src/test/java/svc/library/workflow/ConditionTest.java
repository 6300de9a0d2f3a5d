package svc.library.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConditionTest {

    private static final Map<String, Object> FACTS = Map.of(
            "fairness",
            Map.of("gate_passed", false, "demographic_parity_difference", 0.14),
            "metrics",
            Map.of("validation", Map.of("roc_auc", 0.8125, "rows", 6512)),
            "leakage.found",
            true,
            "approval.decision",
            "approve");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "fairness.gate_passed == false                         | true",
                "fairness.gate_passed != false                         | false",
                "fairness.gate_passed == true                          | false",
                "metrics.validation.roc_auc > 0.8                      | true",
                "metrics.validation.roc_auc >= 0.8125                  | true",
                "metrics.validation.roc_auc > 0.8125                   | false",
                "metrics.validation.roc_auc < 0.5                      | false",
                "metrics.validation.roc_auc <= 0.8125                  | true",
                "metrics.validation.rows == 6512.0                     | true",
                "metrics.validation.rows > 1e3                         | true",
                "fairness.demographic_parity_difference > -1           | true",
                "leakage.found == true                                 | true",
                "approval.decision == 'approve'                        | true",
                "approval.decision == \"reject\"                       | false",
                "approval.decision == true                             | false",
                "mitigation.applied != true                            | true",
                "mitigation.applied == null                            | true",
                "fairness.gate_passed == false and mitigation.applied != true | true",
                "fairness.gate_passed == true and leakage.found == true | false",
                "fairness.gate_passed == true or leakage.found == true  | true",
                "leakage.found == false or approval.decision == 'reject' | false",
                // and binds tighter than or: true or (false and false)
                "leakage.found == true or leakage.found == false and leakage.found == false | true",
                // parentheses change it: (true or false) and false
                "(leakage.found == true or leakage.found == false) and leakage.found == false | false",
            })
    void evaluatesOverFacts(String condition, boolean expected) {
        assertThat(Condition.parse(condition).test(FACTS)).isEqualTo(expected);
    }

    @Test
    void aFlatDottedKeyWinsOverNesting() {
        Map<String, Object> facts = new HashMap<>();
        facts.put("a.b", 1);
        facts.put("a", Map.of("b", 2));
        assertThat(Condition.parse("a.b == 1").test(facts)).isTrue();
    }

    @Test
    void parsesIntoTheExpectedTree() {
        Condition c = Condition.parse("a.x == 1 or b > 2 and c != 'it''s'".replace("''", "\\'"));
        assertThat(c).isInstanceOf(Condition.Or.class);
        Condition.Or or = (Condition.Or) c;
        assertThat(or.anyOf()).hasSize(2);
        assertThat(or.anyOf().get(1)).isInstanceOf(Condition.And.class);
        Condition.Comparison last = (Condition.Comparison)
                ((Condition.And) or.anyOf().get(1)).allOf().get(1);
        assertThat(last.fact()).isEqualTo("c");
        assertThat(last.op()).isEqualTo(Condition.Operator.NE);
        assertThat(last.literal()).isEqualTo("it's");
        assertThat(Condition.parse(c.toString())).isEqualTo(c);
    }

    @Test
    void orderingAnAbsentOrNonNumericFactFailsNamingTheFact() {
        assertThatThrownBy(() -> Condition.parse("metrics.test.roc_auc > 0.7").test(FACTS))
                .isInstanceOf(ConditionException.class)
                .hasMessageContaining("fact 'metrics.test.roc_auc' is absent");
        assertThatThrownBy(() -> Condition.parse("approval.decision < 3").test(FACTS))
                .hasMessageContaining("fact 'approval.decision' is String 'approve'");
    }

    @Test
    void shortCircuitSkipsTheFailingSide() {
        assertThat(Condition.parse("leakage.found == true or missing.metric > 1")
                        .test(FACTS))
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "fairness.gate_passed                 | expected one of == != < <= > >= at position 20 but found "
                        + "the end",
                "fairness.gate_passed = false         | unexpected character '=' at position 21",
                "== false                             | expected a fact name",
                "a == b                               | the right side cannot be another fact",
                "a == 1 and                           | expected a fact name such as fairness.gate_passed, or '(' at "
                        + "position 10",
                "(a == 1                              | expected ')'",
                "a == 1 b == 2                        | expected 'and', 'or' or the end at position 7",
                "a == 1 && b == 2                     | unexpected character '&'",
                "os.system('ls') == 0                 | expected one of == != < <= > >= at position 9 but found '('",
                "and == 1                             | expected a fact name",
            })
    void rejectsMalformedConditionsSayingWhere(String condition, String message) {
        assertThatThrownBy(() -> Condition.parse(condition.strip()))
                .isInstanceOf(ConditionException.class)
                .hasMessageContaining(message);
    }

    @Test
    void emptyConditionIsRejected() {
        assertThatThrownBy(() -> Condition.parse(" ")).hasMessageContaining("empty condition");
    }
}
