package svc.config.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PermissionRuleTest {

    @Test
    void splitsToolAndGlob() {
        assertThat(PermissionRule.parse("Bash(git *)")).isEqualTo(new PermissionRule("Bash", "git *"));
        // only the first `(` opens: the glob may itself hold parentheses
        assertThat(PermissionRule.parse("Bash(echo (hi))").glob()).isEqualTo("echo (hi)");
    }

    @Test
    void aBareToolMeansEveryUse() {
        assertThat(PermissionRule.parse("Read")).isEqualTo(PermissionRule.parse("Read(*)"));
        assertThat(PermissionRule.parse("Read")).hasToString("Read(*)");
    }

    @Test
    void refusesRulesWithoutAToolName() {
        assertThatThrownBy(() -> PermissionRule.parse(" Bash(x)"))
                .hasMessageContaining("the tool name ` Bash` must start with a letter");
    }

    @Test
    void suggestionsFindTheClosestNameWithinTwoEdits() {
        assertThat(Suggestions.distance("promt", "prompt")).isEqualTo(1);
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("modle", "model")).isEqualTo(1); // one swap
        assertThat(Suggestions.closest("modle", List.of("model", "mode"))).hasValue("model");
        assertThat(Suggestions.closest("xyz", List.of("model"))).isEmpty();
    }
}
