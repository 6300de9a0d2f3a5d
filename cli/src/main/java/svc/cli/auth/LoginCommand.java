package svc.cli.auth;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientEnvironment;
import svc.cli.client.ServerOptions;
import svc.cli.client.StoredAuth;
import svc.cli.client.Terminal;
import svc.config.Json;

/**
 * {@code svc login}: trades an email and password for a token and caches it. The password is
 * never an option (it would end up in the shell history and in {@code ps}): it is asked for
 * without echo, or read from standard input for scripts.
 */
@Command(
        name = "login",
        mixinStandardHelpOptions = true,
        description = "Log in with email and password; the token is cached in ~/.svc/auth.json (mode 0600).",
        footer = {
            "",
            "Examples:",
            "  svc login --email admin@example.com",
            "  echo \"$SVC_PASSWORD\" | svc login --url http://svc.internal:8000 --email ops@example.com --password-stdin"
        })
public final class LoginCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions server;

    @Option(
            names = {"-e", "--email"},
            paramLabel = "EMAIL",
            description = "Account email (asked for when not given).")
    private String email;

    @Option(names = "--password-stdin", description = "Read the password from the first line of standard input.")
    private boolean passwordStdin;

    @Override
    public Integer call() {
        ClientEnvironment environment = server.environment();
        String who = email != null
                ? email.strip()
                : ask(environment, "Email: ", "--email is needed when there is no terminal to ask on");
        if (who.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "the email must not be empty");
        }
        char[] password = passwordStdin ? firstLine(environment) : askSecret(environment);
        if (password.length == 0) {
            throw new ParameterException(spec.commandLine(), "the password must not be empty");
        }
        ApiClient api = server.anonymousClient();
        JsonNode answer;
        try {
            answer = api.post(
                    "/api/v1/auth/login", Json.object().put("email", who).put("password", new String(password)));
        } finally {
            Arrays.fill(password, '\0');
        }
        String token = answer.path("token").asText("");
        if (token.isEmpty()) {
            throw new CliException(
                    ExitCodes.SERVER, "the server at " + api.base() + " answered the login without a token");
        }
        server.authStore().save(new StoredAuth(api.base().toString(), token, who));
        TokenClaims claims = TokenClaims.decode(token);
        spec.commandLine()
                .getOut()
                .println("Logged in to " + api.base() + " as " + who + " (role " + claims.role()
                        + (claims.expiresAt() == null ? "" : "; the token is valid until " + claims.expiresAt())
                        + ").");
        return ExitCodes.OK;
    }

    private String ask(ClientEnvironment environment, String prompt, String otherwise) {
        Terminal terminal =
                environment.interactive().orElseThrow(() -> new ParameterException(spec.commandLine(), otherwise));
        String line = terminal.readLine(prompt);
        return line == null ? "" : line.strip();
    }

    private char[] askSecret(ClientEnvironment environment) {
        Terminal terminal = environment
                .interactive()
                .orElseThrow(() -> new ParameterException(
                        spec.commandLine(),
                        "there is no terminal to ask for the password on; pipe it in with --password-stdin"));
        char[] secret = terminal.readPassword("Password: ");
        return secret == null ? new char[0] : secret;
    }

    private static char[] firstLine(ClientEnvironment environment) {
        try {
            String line =
                    new BufferedReader(new InputStreamReader(environment.stdin(), StandardCharsets.UTF_8)).readLine();
            return line == null ? new char[0] : line.toCharArray();
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.FAILURE, "cannot read the password from standard input: " + e.getMessage());
        }
    }
}
