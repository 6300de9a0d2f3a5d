package svc.cli.client;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The base of every command that calls the API: the {@code --url} option, the command's output
 * writers and a client for the chosen server. A subclass only says what it asks the API and
 * what it prints; failures travel as exceptions to the one error mapper.
 */
public abstract class ClientCommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    @Mixin
    protected ServerOptions server;

    @Override
    public final Integer call() {
        return run(server.client());
    }

    /** Does the command's work; answers its exit code. */
    protected abstract int run(ApiClient api);

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    protected PrintWriter err() {
        return spec.commandLine().getErr();
    }

    protected Output output() {
        return new Output(out());
    }
}
