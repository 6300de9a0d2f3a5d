package svc.governance.compliance;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for {@code deny_if}. Precedence, loosest first:
 * <pre>
 * or      := and (("or" | "||") and)*
 * and     := not (("and" | "&amp;&amp;") not)*
 * not     := ("not" | "!") not | compare
 * compare := sum (("==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=") sum)?     -- not chainable
 * sum     := product (("+" | "-") product)*
 * product := unary (("*" | "/") unary)*
 * unary   := "-" unary | primary
 * primary := number | string | true | false | null | ${placeholder} | function "(" args ")" | "(" or ")"
 * </pre>
 * {@code !} binds like {@code not} (looser than comparisons), so {@code !a > b} means
 * {@code not (a > b)}. Nesting is capped so a hostile expression cannot exhaust the stack.
 */
final class Parser {

    static final int MAX_LENGTH = 2_000;
    static final int MAX_DEPTH = 64;
    static final Set<String> ROOTS = Set.of("last_tool_result", "run_context");
    static final Set<String> FUNCTIONS = Set.of("abs", "max", "min", "len", "exists");
    private static final Set<String> COMPARISONS = Set.of("==", "!=", "<", "<=", ">", ">=");

    private final List<Token> tokens;
    private int index;
    private int depth;

    private Parser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static Expr parse(String source) {
        if (source == null || source.isBlank()) {
            throw new ExpressionException("expression is empty", 0);
        }
        if (source.length() > MAX_LENGTH) {
            throw new ExpressionException("expression is longer than " + MAX_LENGTH + " characters", MAX_LENGTH);
        }
        Parser p = new Parser(Lexer.tokens(source));
        Expr e = p.or();
        Token rest = p.peek();
        if (rest.kind() != Token.Kind.EOF) {
            throw new ExpressionException(
                    "unexpected '" + rest.text() + "' after a complete expression", rest.position());
        }
        return e;
    }

    private Expr or() {
        enter();
        Expr left = and();
        while (peekWord("or") || peekOp("||")) {
            Token op = advance();
            left = new Expr.Binary("or", left, and(), op.position());
        }
        depth--;
        return left;
    }

    private Expr and() {
        Expr left = not();
        while (peekWord("and") || peekOp("&&")) {
            Token op = advance();
            left = new Expr.Binary("and", left, not(), op.position());
        }
        return left;
    }

    private Expr not() {
        if (peekWord("not") || peekOp("!")) {
            Token op = advance();
            enter();
            Expr operand = not();
            depth--;
            return new Expr.Unary("not", operand, op.position());
        }
        return compare();
    }

    private Expr compare() {
        Expr left = sum();
        Token t = peek();
        if (t.kind() == Token.Kind.OP && COMPARISONS.contains(t.text())) {
            advance();
            Expr result = new Expr.Binary(t.text(), left, sum(), t.position());
            Token again = peek();
            if (again.kind() == Token.Kind.OP && COMPARISONS.contains(again.text())) {
                throw new ExpressionException("comparisons cannot be chained; join them with 'and'", again.position());
            }
            return result;
        }
        return left;
    }

    private Expr sum() {
        Expr left = product();
        while (peekOp("+") || peekOp("-")) {
            Token op = advance();
            left = new Expr.Binary(op.text(), left, product(), op.position());
        }
        return left;
    }

    private Expr product() {
        Expr left = unary();
        while (peekOp("*") || peekOp("/")) {
            Token op = advance();
            left = new Expr.Binary(op.text(), left, unary(), op.position());
        }
        return left;
    }

    private Expr unary() {
        if (peekOp("-")) {
            Token op = advance();
            enter();
            Expr operand = unary();
            depth--;
            return new Expr.Unary("-", operand, op.position());
        }
        return primary();
    }

    private Expr primary() {
        Token t = advance();
        switch (t.kind()) {
            case NUMBER:
                return new Expr.Literal(Double.parseDouble(t.text()), t.position());
            case STRING:
                return new Expr.Literal(t.text(), t.position());
            case PLACEHOLDER:
                return placeholder(t);
            case LPAREN: {
                Expr inner = or();
                expect(Token.Kind.RPAREN, "')' to close the '(' at column " + (t.position() + 1));
                return inner;
            }
            case IDENT:
                return word(t);
            case EOF:
                throw new ExpressionException("expression ends where a value is expected", t.position());
            default:
                throw new ExpressionException("expected a value, found '" + t.text() + "'", t.position());
        }
    }

    private Expr word(Token t) {
        switch (t.text()) {
            case "true":
                return new Expr.Literal(Boolean.TRUE, t.position());
            case "false":
                return new Expr.Literal(Boolean.FALSE, t.position());
            case "null":
                return new Expr.Literal(null, t.position());
            default:
                break;
        }
        if (!FUNCTIONS.contains(t.text())) {
            throw new ExpressionException(
                    "unknown name '" + t.text() + "'; values come from ${last_tool_result.X} or "
                            + "${run_context.Y}, functions are " + FUNCTIONS,
                    t.position());
        }
        expect(Token.Kind.LPAREN, "'(' after function " + t.text());
        List<Expr> args = new ArrayList<>();
        if (peek().kind() != Token.Kind.RPAREN) {
            args.add(or());
            while (peek().kind() == Token.Kind.COMMA) {
                advance();
                args.add(or());
            }
        }
        expect(Token.Kind.RPAREN, "')' to close the arguments of " + t.text());
        checkArity(t, args);
        return new Expr.Call(t.text(), List.copyOf(args), t.position());
    }

    private static void checkArity(Token t, List<Expr> args) {
        String f = t.text();
        boolean ok = switch (f) {
            case "abs", "len", "exists" -> args.size() == 1;
            default -> !args.isEmpty();
        };
        if (!ok) {
            throw new ExpressionException(
                    f + "() takes "
                            + (f.equals("max") || f.equals("min") ? "one or more arguments" : "exactly one argument")
                            + ", got " + args.size(),
                    t.position());
        }
        if (f.equals("exists") && !(args.get(0) instanceof Expr.Placeholder)) {
            throw new ExpressionException(
                    "exists() takes a placeholder such as ${last_tool_result.x}",
                    args.get(0).position());
        }
    }

    private static Expr placeholder(Token t) {
        List<String> segments = List.of(t.text().split("\\."));
        if (!ROOTS.contains(segments.get(0))) {
            throw new ExpressionException(
                    "placeholder root '" + segments.get(0) + "' is unknown; use last_tool_result or run_context",
                    t.position() + 2);
        }
        return new Expr.Placeholder(segments.get(0), segments.subList(1, segments.size()), t.position());
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw new ExpressionException("expression nests deeper than " + MAX_DEPTH + " levels", peek().position());
        }
    }

    private void expect(Token.Kind kind, String what) {
        Token t = advance();
        if (t.kind() != kind) {
            throw new ExpressionException(
                    "expected " + what + ", found "
                            + (t.kind() == Token.Kind.EOF ? "end of expression" : "'" + t.text() + "'"),
                    t.position());
        }
    }

    private boolean peekWord(String word) {
        return peek().is(Token.Kind.IDENT, word);
    }

    private boolean peekOp(String op) {
        return peek().is(Token.Kind.OP, op);
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token advance() {
        Token t = tokens.get(index);
        if (t.kind() != Token.Kind.EOF) {
            index++;
        }
        return t;
    }
}
