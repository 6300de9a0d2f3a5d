package svc.cli.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import svc.cli.Main;
import svc.cli.client.ClientEnvironment;
import svc.cli.client.Terminal;
import svc.config.Json;

/**
 * Runs {@code svc} in-process as a user would, with its own temporary home directory (so each
 * test has its own {@code ~/.svc}), its own environment variables, standard input and terminal.
 */
public final class Cli {

    /** One finished command: exit code and what it printed. */
    public record Result(int exitCode, String out, String err) {
        public JsonNode json() {
            return Json.parse(out);
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    public final Path home;
    private final Map<String, String> variables = new HashMap<>();
    private String stdin = "";
    private Terminal terminal;

    public Cli() {
        try {
            home = Files.createTempDirectory("svc-cli-home");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Cli env(String name, String value) {
        variables.put(name, value);
        return this;
    }

    /** Standard input for the next commands. */
    public Cli stdin(String text) {
        this.stdin = text;
        return this;
    }

    /** A terminal for the next commands (null: none, as when output is redirected). */
    public Cli terminal(Terminal terminal) {
        this.terminal = terminal;
        return this;
    }

    public Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ClientEnvironment environment = new ClientEnvironment(
                home, variables, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), terminal);
        int code = Main.run(environment, new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Logs in as the server's first-boot admin with {@code --password-stdin}. */
    public Cli loggedInAsAdmin(LiveServer server) {
        Result login = stdin(LiveServer.ADMIN_PASSWORD + "\n")
                .run("login", "--url", server.url, "--email", LiveServer.ADMIN_EMAIL, "--password-stdin");
        if (login.exitCode() != 0) {
            throw new AssertionError("admin login failed: " + login);
        }
        return stdin("");
    }

    public Path svcDir() {
        return home.resolve(".svc");
    }
}
