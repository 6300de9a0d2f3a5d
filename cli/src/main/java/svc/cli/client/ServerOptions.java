package svc.cli.client;

import java.net.URI;
import java.util.Optional;
import picocli.CommandLine.Option;
import svc.cli.CliException;
import svc.cli.ExitCodes;

/**
 * {@code --url}, shared by every command that talks to a server, and the way to that server:
 * {@code --url}, else {@code SVC_URL}, else the server of the cached login, else
 * {@value #DEFAULT_URL}. The cached token is sent only to the server that issued it.
 */
public final class ServerOptions {

    public static final String DEFAULT_URL = "http://localhost:8000";

    private final ClientEnvironment environment;

    @Option(
            names = "--url",
            paramLabel = "URL",
            description =
                    "Server address (default: $SVC_URL, else the server you logged in to, else " + DEFAULT_URL + ").")
    private String url;

    /** Used by picocli's default factory: the real process environment. */
    public ServerOptions() {
        this(ClientEnvironment.system());
    }

    public ServerOptions(ClientEnvironment environment) {
        this.environment = environment;
    }

    public ClientEnvironment environment() {
        return environment;
    }

    public AuthStore authStore() {
        return new AuthStore(environment.home());
    }

    /** The address named by {@code --url} or {@code SVC_URL}, if either is given. */
    private Optional<String> explicitUrl() {
        return Optional.ofNullable(url)
                .map(String::strip)
                .filter(u -> !u.isEmpty())
                .or(() -> environment.variable("SVC_URL"));
    }

    /** The cached login (migrating an old {@code ~/.svc/token} on first read). */
    public Optional<StoredAuth> login() {
        return authStore().read(normalize(explicitUrl().orElse(DEFAULT_URL)));
    }

    /** The server this command talks to, as a normalized {@code http(s)://host:port} URL. */
    public String serverUrl() {
        return serverUrl(login());
    }

    private String serverUrl(Optional<StoredAuth> stored) {
        return explicitUrl()
                .map(ServerOptions::normalize)
                .or(() -> stored.map(StoredAuth::url))
                .orElse(DEFAULT_URL);
    }

    /** A client for the server, carrying the cached token when it was issued by that server. */
    public ApiClient client() {
        Optional<StoredAuth> stored = login();
        String server = serverUrl(stored);
        return new ApiClient(
                URI.create(server), stored.filter(a -> server.equals(a.url())).map(StoredAuth::token));
    }

    /** A client without a token (logging in). */
    public ApiClient anonymousClient() {
        return new ApiClient(URI.create(serverUrl()), Optional.empty());
    }

    /** Checks the URL's form and drops a trailing slash, so one server has one spelling. */
    static String normalize(String raw) {
        String trimmed = raw.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        URI uri;
        try {
            uri = URI.create(trimmed);
        } catch (IllegalArgumentException e) {
            throw badUrl(raw);
        }
        if (uri.getScheme() == null
                || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw badUrl(raw);
        }
        return trimmed;
    }

    private static CliException badUrl(String raw) {
        return new CliException(
                ExitCodes.USAGE,
                "server URL '" + raw + "' is not an http(s) address such as " + DEFAULT_URL
                        + " (from --url or SVC_URL)");
    }
}
