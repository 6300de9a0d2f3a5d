package svc.governance.compliance;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression into {@link Token}s. Anything it does not know is an error with its column. */
final class Lexer {

    private static final List<String> OPERATORS =
            List.of("==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "+", "-", "*", "/");

    private final String src;
    private int pos;

    private Lexer(String src) {
        this.src = src;
    }

    static List<Token> tokens(String src) {
        return new Lexer(src).run();
    }

    private List<Token> run() {
        List<Token> out = new ArrayList<>();
        while (true) {
            while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
                pos++;
            }
            if (pos >= src.length()) {
                out.add(new Token(Token.Kind.EOF, "", pos));
                return out;
            }
            out.add(next());
        }
    }

    private Token next() {
        int start = pos;
        char c = src.charAt(pos);
        if (isDigit(c) || (c == '.' && pos + 1 < src.length() && isDigit(src.charAt(pos + 1)))) {
            return number(start);
        }
        if (c == '"' || c == '\'') {
            return string(start, c);
        }
        if (c == '$') {
            return placeholder(start);
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                pos++;
            }
            return new Token(Token.Kind.IDENT, src.substring(start, pos), start);
        }
        if (c == '(' || c == ')' || c == ',') {
            pos++;
            Token.Kind kind = c == '(' ? Token.Kind.LPAREN : c == ')' ? Token.Kind.RPAREN : Token.Kind.COMMA;
            return new Token(kind, String.valueOf(c), start);
        }
        for (String op : OPERATORS) {
            if (src.startsWith(op, pos)) {
                pos += op.length();
                return new Token(Token.Kind.OP, op, start);
            }
        }
        if (c == '=') {
            throw new ExpressionException("'=' is not an operator; use '==' to compare", start);
        }
        throw new ExpressionException("unexpected character '" + c + "'", start);
    }

    /** ASCII only: {@code Character.isDigit} also accepts digits of other scripts, which no number parser reads. */
    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private Token number(int start) {
        while (pos < src.length() && isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos < src.length() && src.charAt(pos) == '.') {
            pos++;
            while (pos < src.length() && isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int mark = pos++;
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= src.length() || !isDigit(src.charAt(pos))) {
                throw new ExpressionException("malformed exponent in number", mark);
            }
            while (pos < src.length() && isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (Character.isLetter(src.charAt(pos)) || src.charAt(pos) == '_')) {
            throw new ExpressionException("a number cannot run into a name", pos);
        }
        return new Token(Token.Kind.NUMBER, src.substring(start, pos), start);
    }

    private Token string(int start, char quote) {
        StringBuilder sb = new StringBuilder();
        pos++;
        while (pos < src.length()) {
            char c = src.charAt(pos++);
            if (c == quote) {
                return new Token(Token.Kind.STRING, sb.toString(), start);
            }
            if (c == '\\') {
                if (pos >= src.length()) {
                    break;
                }
                char e = src.charAt(pos++);
                switch (e) {
                    case '\\', '\'', '"' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    default -> throw new ExpressionException("unknown escape '\\" + e + "' in string", pos - 2);
                }
            } else {
                sb.append(c);
            }
        }
        throw new ExpressionException("string is not closed", start);
    }

    /** {@code ${root.seg.seg}}: the token text is the dotted path; the parser checks the root. */
    private Token placeholder(int start) {
        if (!src.startsWith("${", pos)) {
            throw new ExpressionException("'$' must start a placeholder '${...}'", start);
        }
        int close = src.indexOf('}', pos);
        if (close < 0) {
            throw new ExpressionException("placeholder is not closed with '}'", start);
        }
        String path = src.substring(pos + 2, close).trim();
        String[] segments = path.split("\\.", -1);
        int offset = pos + 2;
        for (String segment : segments) {
            if (!segment.matches("[A-Za-z_][A-Za-z0-9_]*|[0-9]+")) {
                throw new ExpressionException(
                        "placeholder segment '" + segment + "' is not a name or an index (letters, digits, underscore)",
                        offset);
            }
            offset += segment.length() + 1;
        }
        pos = close + 1;
        return new Token(Token.Kind.PLACEHOLDER, path, start);
    }
}
