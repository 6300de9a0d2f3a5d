package svc.library.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;
import svc.library.LibraryException;

/**
 * Issue 18, item 3: a customer workflow YAML is a {@link Workflow} or a {@link LibraryException}
 * listing its problems; a router condition parses or fails with a {@link ConditionException}, and a
 * parsed one evaluates to a boolean or a {@link ConditionException} over any facts. Nothing else
 * escapes, nothing hangs (YAML aliases included).
 */
class WorkflowPropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static void loadsOrRefuses(String yaml) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try {
                Workflow w = WorkflowLoader.fromYaml(
                        new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "prop.yaml");
                assertThat(w.name()).isNotNull();
            } catch (LibraryException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        });
    }

    @Property(tries = 300)
    void anyTextAsAWorkflow(@ForAll @StringLength(max = 400) String text) {
        loadsOrRefuses(text);
    }

    @Property(tries = 500)
    void workflowShapedYaml(@ForAll("workflows") String yaml) {
        loadsOrRefuses(yaml);
    }

    @Property(tries = 50)
    void aliasBombsAreRefusedQuickly(@ForAll("bombs") String yaml) {
        loadsOrRefuses(yaml);
    }

    @Property(tries = 1000)
    void anyConditionTextParsesOrSaysWhere(@ForAll("conditions") String text) {
        assertTimeoutPreemptively(DEADLINE, () -> {
            Condition c;
            try {
                c = Condition.parse(text);
            } catch (ConditionException expected) {
                assertThat(expected.getMessage()).isNotBlank();
                return;
            }
            for (Map<String, Object> facts : FACTS) {
                try {
                    c.test(facts);
                } catch (ConditionException expected) {
                    assertThat(expected.getMessage()).isNotBlank();
                }
            }
        });
    }

    @Property(tries = 300)
    void anyTextAsACondition(@ForAll @StringLength(max = 200) String text) {
        anyConditionTextParsesOrSaysWhere(text);
    }

    private static final List<Map<String, Object>> FACTS = List.of(
            Map.of(),
            Map.of("a", 1, "b", "x", "c", true),
            Map.of("metrics", Map.of("validation", Map.of("roc_auc", 0.7))),
            Map.of("metrics.validation.roc_auc", Double.NaN, "a", Long.MAX_VALUE, "b", new HashMap<>()),
            Map.of("a", List.of(1, 2), "b", Double.POSITIVE_INFINITY, "c", "1e999"));

    @Provide
    Arbitrary<String> conditions() {
        Arbitrary<String> token = Arbitraries.of(
                "a",
                "b",
                "c",
                "metrics.validation.roc_auc",
                "a.b.c.d",
                ".",
                "..",
                "==",
                "!=",
                "<",
                "<=",
                ">",
                ">=",
                "=",
                "!",
                "and",
                "or",
                "not",
                "(",
                ")",
                "((",
                "1",
                "-1",
                "0.5",
                "1e309",
                "-",
                "99999999999999999999999",
                "true",
                "false",
                "null",
                "'x'",
                "\"y\"",
                "'",
                "\"",
                "'unterminated",
                "\\",
                "é",
                "\u0000");
        return token.list().ofMaxSize(12).map(t -> String.join(" ", t));
    }

    @Provide
    Arbitrary<String> workflows() {
        Arbitrary<String> id = Arbitraries.of("a", "b", "c", "", "a", "\"x y\"", "null", "1");
        Arbitrary<String> type = Arbitraries.of("stage", "router", "checkpoint", "other", "", "[]");
        Arbitrary<String> extra = Arbitraries.of(
                "",
                ", team: data, goal: g",
                ", team: nope",
                ", gate_type: manual, ttl_seconds: -1",
                ", ttl_seconds: 99999999999999999999",
                ", notify_channels: [email, 'webhook:http://x']",
                ", parallel: [a, a]",
                ", gate_type: {}");
        Arbitrary<String> node =
                Combinators.combine(id, type, extra).as((i, t, e) -> "  - {id: " + i + ", type: " + t + e + "}");
        Arbitrary<String> meta = Arbitraries.of(
                "{}",
                "{condition: 'a == 1'}",
                "{condition: 'a <'}",
                "{default: true}",
                "{max_iterations: 0}",
                "{max_iterations: -3}",
                "{max_iterations: x}",
                "{condition: 5}",
                "[]",
                "null");
        Arbitrary<String> edge = Combinators.combine(id, id, Arbitraries.of("0", "1", "-1", "x", "1e9"), meta)
                .as((s, t, p, m) ->
                        "  - {source: " + s + ", target: " + t + ", priority: " + p + ", metadata: " + m + "}");
        return Combinators.combine(
                        Arbitraries.of("w", "", "[]"),
                        id,
                        node.list().ofMaxSize(5),
                        edge.list().ofMaxSize(6))
                .as((name, start, nodes, edges) -> "name: " + name + "\ndescription: d\nstart: " + start
                        + "\nnodes:\n" + String.join("\n", nodes) + (nodes.isEmpty() ? "  []" : "") + "\nedges:\n"
                        + String.join("\n", edges) + (edges.isEmpty() ? "  []" : "") + "\n");
    }

    @Provide
    Arbitrary<String> bombs() {
        return Arbitraries.integers().between(5, 12).map(levels -> {
            StringBuilder b = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
            for (int i = 1; i <= levels; i++) {
                b.append("a").append(i).append(": &a").append(i).append(" [");
                for (int j = 0; j < 10; j++) {
                    b.append(j > 0 ? ", " : "").append("*a").append(i - 1);
                }
                b.append("]\n");
            }
            return b.append("name: w\nstart: a\nnodes: []\nedges: []\n").toString();
        });
    }
}
