package svc.cli.client;

import picocli.CommandLine.Option;

/** {@code --table}, shared by the list commands: a compact table instead of the JSON answer. */
public final class OutputOptions {

    @Option(names = "--table", description = "Print a compact table instead of JSON.")
    private boolean table;

    public boolean table() {
        return table;
    }
}
