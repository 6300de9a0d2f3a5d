package svc.governance.permission;

import java.util.List;

/**
 * Ready-made profile rule packs. The same rules, with the same ids, are shipped as YAML in the
 * {@code bfsi_baseline} deployment template; this factory is the reference the tests pin down.
 *
 * <p>All patterns run over the compact JSON of the arguments (see {@link PermissionRule}), so
 * they are written for JSON-escaped text: a newline in the script arrives as the two characters
 * {@code \n}, a double quote as {@code \"}. That is why the word-start guard {@link #WORD_START}
 * also accepts a preceding {@code \n}, {@code \r} or {@code \t} escape.
 */
public final class PermissionPacks {

    /** Start of a word in JSON-escaped text: no letter, digit or underscore before, or an escaped newline/tab. */
    static final String WORD_START = "(?:(?<![A-Za-z0-9_])|(?<=\\\\[nrt]))";

    /**
     * Calls that escape the Python sandbox's intent: shell-outs, dynamic code, raw sockets,
     * recursive deletes and files opened for writing. A tripwire, not containment: the sandbox
     * (G2) is what actually contains code; this rule stops the obvious cases early with a reason.
     * The leading look-ahead (every alternative starts with _, o, s or e) and the single word-start
     * guard let most positions of a long script be rejected by one character test.
     */
    public static final String DANGEROUS_PYTHON = "(?=[_ose])(?:__import__|" + WORD_START + "(?:"
            + String.join(
                    "|",
                    "os\\s*\\.\\s*(?:system|popen)\\s*\\(",
                    "subprocess\\b",
                    "eval\\s*\\(",
                    "exec\\s*\\(",
                    "socket\\b",
                    "shutil\\s*\\.\\s*rmtree\\b",
                    // open(path, 'w') / open(path, mode="a") / open(p, 'r+'), quotes possibly JSON-escaped
                    "open\\s*\\([^)]*,\\s*(?:mode\\s*=\\s*)?\\\\?[\"'][rbt]*[wax+]")
            + "))";

    /**
     * Indian PAN: five letters, four digits, one letter, not inside a longer word. The leading
     * look-ahead rejects the (many) positions without a capital before the look-behinds run.
     */
    public static final String PAN = "(?=[A-Z])" + WORD_START + "[A-Z]{5}[0-9]{4}[A-Z](?![A-Za-z0-9])";

    /** Aadhaar: 12 digits, the first 2-9, plain or grouped 4-4-4 by one space or hyphen used consistently. */
    public static final String AADHAAR = "(?=[2-9])(?<![0-9])[2-9][0-9]{3}([ -]?)[0-9]{4}\\1[0-9]{4}(?![0-9])";

    private PermissionPacks() {}

    /** The five BFSI baseline rules, as profile rules (DENY at 60, ASK at 45). */
    public static List<PermissionRule> bfsiBaseline() {
        return List.of(
                profile(
                        "bfsi-deny-shell",
                        "execute_shell",
                        Behavior.DENY,
                        null,
                        "BFSI baseline: shell execution is not allowed"),
                profile(
                        "bfsi-deny-dangerous-python",
                        "execute_python",
                        Behavior.DENY,
                        DANGEROUS_PYTHON,
                        "BFSI baseline: the Python code calls a dangerous function (shell, eval/exec, sockets, "
                                + "recursive delete or file write)"),
                profile(
                        "bfsi-ask-deploy",
                        "register_model_deployment",
                        Behavior.ASK,
                        null,
                        "BFSI baseline: a model deployment needs human approval"),
                profile(
                        "bfsi-deny-pan",
                        "write_file",
                        Behavior.DENY,
                        PAN,
                        "BFSI baseline: the file would contain a PAN (Indian permanent account number)"),
                profile(
                        "bfsi-deny-aadhaar",
                        "write_file",
                        Behavior.DENY,
                        AADHAAR,
                        "BFSI baseline: the file would contain an Aadhaar number"));
    }

    private static PermissionRule profile(String id, String tool, Behavior behavior, String pattern, String reason) {
        int priority = behavior == Behavior.DENY ? Priorities.PROFILE_DENY : Priorities.PROFILE_ASK;
        return new PermissionRule(id, tool, behavior, pattern, priority, reason, RuleSource.PROFILE);
    }
}
