package svc.library.workflow;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A parsed router condition (grammar in the package documentation). Evaluation is a pure
 * function of the facts: no script engine, no method calls, nothing but comparisons of one
 * fact with one literal, so a customer workflow cannot run code through a condition.
 */
public sealed interface Condition permits Condition.Or, Condition.And, Condition.Comparison {

    /**
     * Parses a condition.
     *
     * @throws ConditionException saying where the text stops making sense and what was expected
     */
    static Condition parse(String text) {
        return new ConditionParser(text).parse();
    }

    /**
     * Evaluates over run facts. A fact is looked up by its full dotted name first
     * ({@code "metrics.validation.roc_auc"} as one key), then by walking nested maps
     * ({@code metrics -> validation -> roc_auc}); a fact found neither way is {@code null}.
     *
     * @throws ConditionException when an ordering comparison meets a fact that is absent or not
     *     a number, naming the fact
     */
    boolean test(Map<String, ?> facts);

    /** Either side holds; evaluated left to right with short-circuit. */
    record Or(List<Condition> anyOf) implements Condition {
        public Or {
            anyOf = List.copyOf(anyOf);
        }

        @Override
        public boolean test(Map<String, ?> facts) {
            return anyOf.stream().anyMatch(c -> c.test(facts));
        }

        @Override
        public String toString() {
            return anyOf.stream()
                    .map(c -> c instanceof Comparison ? c.toString() : "(" + c + ")")
                    .collect(Collectors.joining(" or "));
        }
    }

    /** Both sides hold; evaluated left to right with short-circuit. */
    record And(List<Condition> allOf) implements Condition {
        public And {
            allOf = List.copyOf(allOf);
        }

        @Override
        public boolean test(Map<String, ?> facts) {
            return allOf.stream().allMatch(c -> c.test(facts));
        }

        @Override
        public String toString() {
            return allOf.stream()
                    .map(c -> c instanceof Comparison ? c.toString() : "(" + c + ")")
                    .collect(Collectors.joining(" and "));
        }
    }

    /**
     * {@code fact op literal}. The literal is a {@link BigDecimal}, {@link Boolean}, {@link String}
     * or null.
     */
    record Comparison(String fact, Operator op, Object literal) implements Condition {

        public Comparison {
            Objects.requireNonNull(fact, "fact");
            Objects.requireNonNull(op, "op");
        }

        @Override
        public boolean test(Map<String, ?> facts) {
            Object value = lookup(facts, fact);
            return switch (op) {
                case EQ -> same(value, literal);
                case NE -> !same(value, literal);
                default -> op.holds(ordered(value).compareTo(ordered(literal)));
            };
        }

        private BigDecimal ordered(Object value) {
            BigDecimal number = asNumber(value);
            if (number == null) {
                String found = value == null ? "absent" : value.getClass().getSimpleName() + " '" + value + "'";
                throw new ConditionException(
                        "cannot evaluate '" + this + "': " + op.symbol() + " needs numbers, but fact '" + fact + "' is "
                                + found + (value == literal ? " (literal)" : ""));
            }
            return number;
        }

        @Override
        public String toString() {
            String text = literal instanceof String s
                    ? "'" + s.replace("'", "\\'") + "'"
                    : literal instanceof BigDecimal d ? d.toPlainString() : String.valueOf(literal);
            return fact + " " + op.symbol() + " " + text;
        }

        private static boolean same(Object a, Object b) {
            BigDecimal x = asNumber(a);
            BigDecimal y = asNumber(b);
            if (x != null && y != null) {
                return x.compareTo(y) == 0;
            }
            return Objects.equals(a, b);
        }

        private static BigDecimal asNumber(Object value) {
            if (value instanceof BigDecimal d) {
                return d;
            }
            if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
                return null;
            }
            if (value instanceof Float f && (f.isNaN() || f.isInfinite())) {
                return null;
            }
            if (value instanceof Number n) {
                return new BigDecimal(n.toString());
            }
            return null;
        }

        private static Object lookup(Map<String, ?> facts, String path) {
            if (facts.containsKey(path)) {
                return facts.get(path);
            }
            Object current = facts;
            for (String part : path.split("\\.")) {
                if (!(current instanceof Map<?, ?> map)) {
                    return null;
                }
                current = map.get(part);
            }
            return current;
        }
    }

    /** The comparison operators. */
    enum Operator {
        EQ("=="),
        NE("!="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        boolean holds(int comparison) {
            return switch (this) {
                case LT -> comparison < 0;
                case LE -> comparison <= 0;
                case GT -> comparison > 0;
                case GE -> comparison >= 0;
                case EQ -> comparison == 0;
                case NE -> comparison != 0;
            };
        }
    }
}
