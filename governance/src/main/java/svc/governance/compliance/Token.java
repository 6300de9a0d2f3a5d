package svc.governance.compliance;

/** One lexeme of a {@code deny_if} expression; {@code position} is 0-based in the source text. */
record Token(Kind kind, String text, int position) {

    enum Kind {
        NUMBER,
        STRING,
        IDENT,
        PLACEHOLDER,
        OP,
        LPAREN,
        RPAREN,
        COMMA,
        EOF
    }

    boolean is(Kind k, String t) {
        return kind == k && text.equals(t);
    }
}
