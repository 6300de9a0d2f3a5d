package svc.governance.compliance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A parsed {@code deny_if} expression. The language is closed: literals, the two placeholder
 * roots, comparisons, boolean and arithmetic operators and five functions; nothing reaches Java
 * objects, so {@code ${last_tool_result.__class__}} is only a field name that the result does not
 * have. Values are JSON values: numbers (as doubles), strings, booleans, null, and arrays/objects
 * (only {@code len} and {@code ==} accept those).
 *
 * <p>Strict typing, because a guessed conversion in a compliance rule is a silent wrong verdict:
 * {@code and}/{@code or}/{@code not} want booleans, ordering and arithmetic want numbers, and a
 * placeholder that does not resolve is an error (use {@code exists(...)} to test for presence).
 * {@code ==} across types is false, and numbers compare numerically ({@code 1 == 1.0}).
 */
public final class Expression {

    private final String source;
    private final Expr root;

    private Expression(String source, Expr root) {
        this.source = source;
        this.root = root;
    }

    /** Parses or throws {@link ExpressionException} naming the column. */
    public static Expression parse(String source) {
        return new Expression(source, Parser.parse(source));
    }

    public String source() {
        return source;
    }

    /**
     * Evaluates to a boolean. {@code resolved} receives each placeholder that was read, with its
     * value, in reading order, so a verdict can say what it saw.
     */
    public boolean test(JsonNode lastToolResult, JsonNode runContext, Map<String, Object> resolved) {
        Object v = new Evaluation(lastToolResult, runContext, resolved).eval(root);
        if (!(v instanceof Boolean b)) {
            throw new ExpressionException(
                    "the expression must yield true or false, it yielded " + describe(v), root.position());
        }
        return b;
    }

    public boolean test(JsonNode lastToolResult, JsonNode runContext) {
        return test(lastToolResult, runContext, new LinkedHashMap<>());
    }

    @Override
    public String toString() {
        return source;
    }

    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "string '" + s + "'";
        }
        if (v instanceof Double d) {
            return "number " + format(d);
        }
        if (v instanceof Boolean b) {
            return "boolean " + b;
        }
        return (((JsonNode) v).isArray() ? "array " : "object ") + v;
    }

    static String format(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
    }

    /** One evaluation: holds the inputs and the placeholder values read so far. */
    private static final class Evaluation {
        private final JsonNode lastToolResult;
        private final JsonNode runContext;
        private final Map<String, Object> resolved;

        Evaluation(JsonNode lastToolResult, JsonNode runContext, Map<String, Object> resolved) {
            this.lastToolResult = lastToolResult == null ? MissingNode.getInstance() : lastToolResult;
            this.runContext = runContext == null ? MissingNode.getInstance() : runContext;
            this.resolved = resolved;
        }

        Object eval(Expr e) {
            if (e instanceof Expr.Literal l) {
                return l.value();
            }
            if (e instanceof Expr.Placeholder p) {
                Object v = value(lookup(p), p);
                resolved.put(p.text(), v);
                return v;
            }
            if (e instanceof Expr.Unary u) {
                return unary(u);
            }
            if (e instanceof Expr.Binary b) {
                return binary(b);
            }
            return call((Expr.Call) e);
        }

        /** The node at the path, or a missing node; never throws. */
        private JsonNode lookup(Expr.Placeholder p) {
            JsonNode node = p.root().equals("last_tool_result") ? lastToolResult : runContext;
            for (String segment : p.path()) {
                if (node.isObject()) {
                    node = node.has(segment) ? node.get(segment) : MissingNode.getInstance();
                } else if (node.isArray() && Character.isDigit(segment.charAt(0))) {
                    node = segment.length() > 9 ? MissingNode.getInstance() : node.path(Integer.parseInt(segment));
                } else {
                    return MissingNode.getInstance();
                }
            }
            return node;
        }

        private static Object value(JsonNode node, Expr.Placeholder p) {
            if (node.isMissingNode()) {
                throw new ExpressionException(p.text() + " does not resolve: the value is not present", p.position());
            }
            if (node.isNull()) {
                return null;
            }
            if (node.isNumber()) {
                return node.doubleValue();
            }
            if (node.isTextual()) {
                return node.textValue();
            }
            if (node.isBoolean()) {
                return node.booleanValue();
            }
            if (node.isArray() || node.isObject()) {
                return node;
            }
            throw new ExpressionException(
                    p.text() + " holds a value of unsupported type " + node.getNodeType(), p.position());
        }

        private Object unary(Expr.Unary u) {
            Object v = eval(u.operand());
            if (u.op().equals("not")) {
                return !bool(v, "not", u.position());
            }
            return -number(v, "-", u.position());
        }

        private Object binary(Expr.Binary b) {
            switch (b.op()) {
                case "and":
                    return bool(eval(b.left()), "and", b.position()) && bool(eval(b.right()), "and", b.position());
                case "or":
                    return bool(eval(b.left()), "or", b.position()) || bool(eval(b.right()), "or", b.position());
                default:
                    break;
            }
            Object l = eval(b.left());
            Object r = eval(b.right());
            switch (b.op()) {
                case "==":
                    return same(l, r);
                case "!=":
                    return !same(l, r);
                default:
                    break;
            }
            double x = number(l, b.op(), b.position());
            double y = number(r, b.op(), b.position());
            return switch (b.op()) {
                case "<" -> x < y;
                case "<=" -> x <= y;
                case ">" -> x > y;
                case ">=" -> x >= y;
                case "+" -> x + y;
                case "-" -> x - y;
                case "*" -> x * y;
                case "/" -> {
                    if (y == 0) {
                        throw new ExpressionException("division by zero", b.position());
                    }
                    yield x / y;
                }
                default -> throw new IllegalStateException("operator " + b.op() + " has no evaluation");
            };
        }

        private Object call(Expr.Call c) {
            if (c.function().equals("exists")) {
                Expr.Placeholder p = (Expr.Placeholder) c.args().get(0);
                return !lookup(p).isMissingNode();
            }
            List<Object> args = c.args().stream().map(this::eval).toList();
            switch (c.function()) {
                case "abs":
                    return Math.abs(number(args.get(0), "abs()", c.position()));
                case "len": {
                    Object v = args.get(0);
                    if (v instanceof String s) {
                        return (double) s.length();
                    }
                    if (v instanceof JsonNode n) {
                        return (double) n.size();
                    }
                    throw new ExpressionException(
                            "len() takes a string, array or object, got " + describe(v), c.position());
                }
                default: {
                    boolean max = c.function().equals("max");
                    double acc = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                    for (Object a : args) {
                        double d = number(a, c.function() + "()", c.position());
                        acc = max ? Math.max(acc, d) : Math.min(acc, d);
                    }
                    return acc;
                }
            }
        }

        private static boolean same(Object l, Object r) {
            if (l instanceof Double x && r instanceof Double y) {
                return x.doubleValue() == y.doubleValue();
            }
            return Objects.equals(l, r);
        }

        private static boolean bool(Object v, String op, int position) {
            if (v instanceof Boolean b) {
                return b;
            }
            throw new ExpressionException("'" + op + "' needs true or false, got " + describe(v), position);
        }

        private static double number(Object v, String op, int position) {
            if (v instanceof Double d) {
                return d;
            }
            throw new ExpressionException("'" + op + "' needs a number, got " + describe(v), position);
        }
    }
}
