package svc.cli.client;

import java.io.Console;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a client command reads from the machine it runs on, gathered in one place and once per
 * command line: the home directory (for {@code ~/.svc}), the environment variables, standard
 * input and the terminal. Tests pass their own through {@code Main.run(environment, ...)}.
 *
 * @param home the user's home directory; the token cache lives in {@code home/.svc}
 * @param variables the environment ({@code SVC_URL})
 * @param stdin standard input ({@code --password-stdin})
 * @param terminal the interactive terminal, or null when there is none (redirected, tests)
 */
public record ClientEnvironment(Path home, Map<String, String> variables, InputStream stdin, Terminal terminal) {

    public ClientEnvironment {
        variables = Map.copyOf(variables);
    }

    /** The real process: {@code user.home}, {@code System.getenv()}, {@code System.in}, {@code System.console()}. */
    public static ClientEnvironment system() {
        Console console = System.console();
        return new ClientEnvironment(
                Path.of(System.getProperty("user.home")),
                System.getenv(),
                System.in,
                console == null ? null : Terminal.of(console));
    }

    public Optional<Terminal> interactive() {
        return Optional.ofNullable(terminal);
    }

    /** A variable's value when it is set and not blank. */
    public Optional<String> variable(String name) {
        return Optional.ofNullable(variables.get(name)).map(String::strip).filter(v -> !v.isEmpty());
    }
}
