package svc.governance.compliance;

import java.util.List;

/** The syntax tree of a {@code deny_if} expression; every node keeps its column for error messages. */
sealed interface Expr {

    int position();

    record Literal(Object value, int position) implements Expr {}

    /** {@code root} is {@code last_tool_result} or {@code run_context}; {@code path} the segments after it. */
    record Placeholder(String root, List<String> path, int position) implements Expr {
        /** As written, e.g. {@code ${last_tool_result.max_psi}}. */
        String text() {
            return "${" + root + (path.isEmpty() ? "" : "." + String.join(".", path)) + "}";
        }
    }

    record Unary(String op, Expr operand, int position) implements Expr {}

    record Binary(String op, Expr left, Expr right, int position) implements Expr {}

    record Call(String function, List<Expr> args, int position) implements Expr {}
}
