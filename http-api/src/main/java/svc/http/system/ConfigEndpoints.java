package svc.http.system;

import static org.apache.pekko.http.javadsl.server.Directives.complete;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Setting;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;

/**
 * The resolved configuration on the API: every key with its value and origin (admin; secrets as
 * {@code "***"}), and the branding clients show, which the template and the deployment decide
 * ({@code svc.branding.*}) over the product's defaults, with the deployment's logo served.
 */
public final class ConfigEndpoints {

    public static final String LOGO_PATH = "/api/v1/config/branding/logo";

    private final EffectiveConfig config;
    private final Branding branding;
    private final Optional<Logo> logo;

    private record Logo(ContentType type, byte[] bytes) {}

    public ConfigEndpoints(EffectiveConfig config) {
        this.config = config;
        // Read once at start: a logo is small, and a deployment's files do not change under a running server.
        this.logo = config.get("svc.branding.logo").map(s -> readLogo(Path.of(String.valueOf(s.value()))));
        this.branding = branding(config, logo.isPresent());
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/config/effective",
                        Role.ADMIN,
                        "config.effective",
                        Doc.of(
                                        "system",
                                        "The resolved configuration: every key with its value and origin"
                                                + " (default, template:<ref>, deployment:<name>, settings:<project>,"
                                                + " env:<VARIABLE>); secrets as ***",
                                        "EffectiveConfig")
                                .errors(400, 401, 403, 429),
                        call -> complete(StatusCodes.OK, config.shown(), JsonSupport.json())),
                new Endpoint(
                        "GET",
                        "/api/v1/config/branding",
                        null,
                        "config.branding",
                        Doc.of(
                                        "system",
                                        "Branding and pipeline options for clients: the deployment's over the"
                                                + " template's over the product's",
                                        "Branding")
                                .errors(400, 429),
                        call -> complete(StatusCodes.OK, branding, JsonSupport.json())),
                new Endpoint(
                        "GET",
                        LOGO_PATH,
                        null,
                        "config.branding.logo",
                        Doc.of("system", "The deployment's logo image (404 when it has none)", null)
                                .media("image/*")
                                .errors(400, 404, 429),
                        call -> logo()));
    }

    private Route logo() {
        Logo l = logo.orElseThrow(() -> ApiProblem.notFound("this deployment has no logo"));
        return complete(HttpEntities.create(l.type(), l.bytes()));
    }

    private static Logo readLogo(Path file) {
        try {
            return new Logo(contentType(file), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the deployment's logo " + file, e);
        }
    }

    private static ContentType contentType(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".svg")) {
            return ContentTypes.parse("image/svg+xml");
        }
        if (name.endsWith(".png")) {
            return ContentTypes.parse("image/png");
        }
        if (name.endsWith(".jpg") || name.endsWith(".jpeg")) {
            return ContentTypes.parse("image/jpeg");
        }
        return ContentTypes.APPLICATION_OCTET_STREAM;
    }

    /** The product's defaults with every {@code svc.branding.*} value laid over them. */
    static Branding branding(EffectiveConfig config, boolean hasLogo) {
        Branding d = Branding.DEFAULTS;
        Branding.Colors colors = new Branding.Colors(
                text(config, "svc.branding.colors.primary", d.colors().primary()),
                text(config, "svc.branding.colors.accent", d.colors().accent()),
                text(config, "svc.branding.colors.background", d.colors().background()));
        List<String> badges = config.get("svc.branding.badges")
                .map(Setting::value)
                .filter(List.class::isInstance)
                .map(v -> ((List<?>) v).stream().map(String::valueOf).toList())
                .orElse(d.complianceBadges());
        return new Branding(
                text(config, "svc.branding.product-name", d.productName()),
                text(config, "svc.branding.subtitle", d.subtitle()),
                text(config, "svc.branding.tagline", d.tagline()),
                hasLogo ? LOGO_PATH : d.logo(),
                colors,
                d.navigation(),
                d.demoPresets(),
                d.pipelineOptions(),
                badges);
    }

    private static String text(EffectiveConfig config, String key, String fallback) {
        return config.get(key).map(s -> String.valueOf(s.value())).orElse(fallback);
    }
}
