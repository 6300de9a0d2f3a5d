package svc.cli.client;

import picocli.CommandLine;

/**
 * A picocli factory that hands one {@link ClientEnvironment} to every {@link ServerOptions} it
 * creates, so a test can run the whole command line against a temporary home directory without
 * touching process-wide state. Everything else is created by picocli's default factory.
 */
public final class EnvironmentFactory implements CommandLine.IFactory {

    private final ClientEnvironment environment;
    private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

    public EnvironmentFactory(ClientEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        if (type == ServerOptions.class) {
            return type.cast(new ServerOptions(environment));
        }
        return fallback.create(type);
    }
}
