package svc.library.workflow;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recursive-descent parser for router conditions: a tokenizer driven by one regex, then
 * {@code or := and ("or" and)*}, {@code and := primary ("and" primary)*},
 * {@code primary := "(" or ")" | fact op literal}. Errors give the character position.
 */
final class ConditionParser {

    private static final Pattern TOKEN = Pattern.compile("\\s*(?:(?<op>==|!=|<=|>=|<|>)"
            + "|(?<paren>[()])"
            + "|(?<number>-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)"
            + "|'(?<sq>(?:[^'\\\\]|\\\\.)*)'"
            + "|\"(?<dq>(?:[^\"\\\\]|\\\\.)*)\""
            + "|(?<word>[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*))");

    private enum Kind {
        OP,
        PAREN,
        NUMBER,
        STRING,
        WORD,
        END
    }

    private record Token(Kind kind, String text, int position) {}

    private final String source;
    private final List<Token> tokens = new ArrayList<>();
    private int next;

    ConditionParser(String source) {
        if (source == null || source.isBlank()) {
            throw new ConditionException(
                    "empty condition: expected <fact> <op> <literal>, e.g. fairness.gate_passed == false");
        }
        this.source = source;
        tokenize();
    }

    Condition parse() {
        Condition condition = or();
        Token end = peek();
        if (end.kind() != Kind.END) {
            throw error(end, "'and', 'or' or the end");
        }
        return condition;
    }

    private Condition or() {
        List<Condition> parts = new ArrayList<>(List.of(and()));
        while (isWord(peek(), "or")) {
            next++;
            parts.add(and());
        }
        return parts.size() == 1 ? parts.get(0) : new Condition.Or(parts);
    }

    private Condition and() {
        List<Condition> parts = new ArrayList<>(List.of(primary()));
        while (isWord(peek(), "and")) {
            next++;
            parts.add(primary());
        }
        return parts.size() == 1 ? parts.get(0) : new Condition.And(parts);
    }

    private Condition primary() {
        Token token = take();
        if (token.kind() == Kind.PAREN && token.text().equals("(")) {
            Condition inner = or();
            Token close = take();
            if (close.kind() != Kind.PAREN || !close.text().equals(")")) {
                throw error(close, "')'");
            }
            return inner;
        }
        if (token.kind() != Kind.WORD || isKeyword(token.text())) {
            throw error(token, "a fact name such as fairness.gate_passed, or '('");
        }
        Token op = take();
        if (op.kind() != Kind.OP) {
            throw error(op, "one of == != < <= > >=");
        }
        return new Condition.Comparison(token.text(), operator(op.text()), literal(take()));
    }

    private Object literal(Token token) {
        return switch (token.kind()) {
            case NUMBER -> new BigDecimal(token.text());
            case STRING -> token.text();
            case WORD ->
                switch (token.text()) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    case "null" -> null;
                    default ->
                        throw error(
                                token,
                                "a literal (a number, true, false, null or a quoted string; "
                                        + "the right side cannot be another fact)");
                };
            default -> throw error(token, "a literal (a number, true, false, null or a quoted string)");
        };
    }

    private static Condition.Operator operator(String symbol) {
        for (Condition.Operator op : Condition.Operator.values()) {
            if (op.symbol().equals(symbol)) {
                return op;
            }
        }
        throw new IllegalStateException("tokenizer let through operator " + symbol);
    }

    private void tokenize() {
        Matcher m = TOKEN.matcher(source);
        int position = 0;
        while (position < source.length()) {
            if (source.substring(position).isBlank()) {
                break;
            }
            if (!m.region(position, source.length()).lookingAt()) {
                int at = firstNonBlank(position);
                throw new ConditionException("condition '" + source + "': unexpected character '" + source.charAt(at)
                        + "' at position " + at);
            }
            int start = firstNonBlank(position);
            if (m.group("op") != null) {
                tokens.add(new Token(Kind.OP, m.group("op"), start));
            } else if (m.group("paren") != null) {
                tokens.add(new Token(Kind.PAREN, m.group("paren"), start));
            } else if (m.group("number") != null) {
                tokens.add(new Token(Kind.NUMBER, m.group("number"), start));
            } else if (m.group("sq") != null || m.group("dq") != null) {
                String raw = m.group("sq") != null ? m.group("sq") : m.group("dq");
                tokens.add(new Token(Kind.STRING, raw.replaceAll("\\\\(.)", "$1"), start));
            } else {
                tokens.add(new Token(Kind.WORD, m.group("word"), start));
            }
            position = m.end();
        }
        tokens.add(new Token(Kind.END, "", source.length()));
    }

    private int firstNonBlank(int from) {
        int i = from;
        while (i < source.length() && Character.isWhitespace(source.charAt(i))) {
            i++;
        }
        return i;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token token = tokens.get(next);
        if (token.kind() != Kind.END) {
            next++;
        }
        return token;
    }

    private static boolean isWord(Token token, String word) {
        return token.kind() == Kind.WORD && token.text().equals(word);
    }

    private static boolean isKeyword(String word) {
        return switch (word) {
            case "and", "or", "true", "false", "null" -> true;
            default -> false;
        };
    }

    private ConditionException error(Token found, String expected) {
        String what = found.kind() == Kind.END ? "the end" : "'" + found.text() + "'";
        return new ConditionException("condition '" + source + "': expected " + expected + " at position "
                + found.position() + " but found " + what
                + "; the grammar is <fact> <op> <literal> joined by and/or, e.g. fairness.gate_passed == false");
    }
}
