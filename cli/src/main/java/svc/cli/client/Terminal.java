package svc.cli.client;

import java.io.Console;

/**
 * The interactive terminal a command may prompt on. Wraps {@link Console} so tests can stand in
 * for a person at a keyboard; absent when input or output is redirected.
 */
public interface Terminal {

    /** Asks for one line, echoed; null at end of input. */
    String readLine(String prompt);

    /** Asks for a secret without echo; null at end of input. */
    char[] readPassword(String prompt);

    /** The process's own console. */
    static Terminal of(Console console) {
        return new Terminal() {
            @Override
            public String readLine(String prompt) {
                return console.readLine("%s", prompt);
            }

            @Override
            public char[] readPassword(String prompt) {
                return console.readPassword("%s", prompt);
            }
        };
    }
}
