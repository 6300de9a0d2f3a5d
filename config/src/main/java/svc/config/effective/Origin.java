package svc.config.effective;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * Where a resolved value came from: {@code default}, {@code template:<ref>},
 * {@code deployment:<name>}, {@code settings:<project path>} or {@code env:<VARIABLE>}; and
 * {@code flag:<option>} for an option of {@code svc server} (an extension of the contract).
 *
 * @param kind   the layer, which also fixes the precedence (declaration order, lowest first)
 * @param detail what names the source inside the layer; empty for {@code default}
 */
public record Origin(Kind kind, String detail) {

    /** The layers in precedence order: a later kind overrides an earlier one. */
    public enum Kind {
        DEFAULT("default"),
        TEMPLATE("template"),
        DEPLOYMENT("deployment"),
        SETTINGS("settings"),
        ENV("env"),
        /** A command-line option of {@code svc server} ({@code --port}): the operator's last word. */
        FLAG("flag");

        private final String prefix;

        Kind(String prefix) {
            this.prefix = prefix;
        }

        public String prefix() {
            return prefix;
        }
    }

    public static final Origin DEFAULT = new Origin(Kind.DEFAULT, "");

    public Origin {
        Objects.requireNonNull(kind, "kind");
        detail = detail == null ? "" : detail;
        if (kind != Kind.DEFAULT && detail.isBlank()) {
            throw new IllegalArgumentException("a " + kind.prefix() + " origin names its source");
        }
    }

    public static Origin template(String ref) {
        return new Origin(Kind.TEMPLATE, ref);
    }

    public static Origin deployment(String name) {
        return new Origin(Kind.DEPLOYMENT, name);
    }

    public static Origin settings(String projectPath) {
        return new Origin(Kind.SETTINGS, projectPath);
    }

    public static Origin env(String variable) {
        return new Origin(Kind.ENV, variable);
    }

    public static Origin flag(String option) {
        return new Origin(Kind.FLAG, option);
    }

    /** The wire form, e.g. {@code env:SVC_PORT}. */
    @JsonValue
    public String label() {
        return kind == Kind.DEFAULT ? kind.prefix() : kind.prefix() + ":" + detail;
    }

    @Override
    public String toString() {
        return label();
    }
}
