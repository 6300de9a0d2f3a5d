package svc.http.auth;

import java.net.URI;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import svc.governance.permission.Role;

/**
 * Single sign-on settings, read once at start from the environment and checked there (a bad
 * value stops the server with a message naming the variable):
 *
 * <ul>
 *   <li>{@code SVC_OIDC_ISSUER}: the provider's issuer URL; unset means no single sign-on;
 *   <li>{@code SVC_OIDC_CLIENT_ID} (required with an issuer) and {@code SVC_OIDC_CLIENT_SECRET}
 *       (optional: without it the server is a public client and PKCE alone protects the code);
 *   <li>{@code SVC_OIDC_REDIRECT_URI}: the callback URL registered at the provider; unset, it is
 *       derived from each request ({@code <scheme>://<Host>/auth/oidc/callback}, https when the
 *       request came over https or {@code X-Forwarded-Proto: https});
 *   <li>{@code ML_TEAM_OIDC_ROLE_MAP}: {@code group=role[,group=role...]}, role one of viewer,
 *       operator, admin; required with an issuer. A user in several mapped groups gets the highest
 *       of their roles; a user in no mapped group is refused (403): signing in through the company
 *       IdP should not by itself open the platform to everyone in the company.
 * </ul>
 */
public record OidcSettings(
        URI issuer,
        String clientId,
        Optional<String> clientSecret,
        Optional<URI> redirectUri,
        Map<String, Role> roles) {

    public static Optional<OidcSettings> from(Map<String, String> env) {
        String issuer = blankToNull(env.get("SVC_OIDC_ISSUER"));
        String map = blankToNull(env.get("ML_TEAM_OIDC_ROLE_MAP"));
        if (issuer == null) {
            if (map != null || blankToNull(env.get("SVC_OIDC_CLIENT_ID")) != null) {
                throw new IllegalArgumentException(
                        "ML_TEAM_OIDC_ROLE_MAP and SVC_OIDC_CLIENT_ID need SVC_OIDC_ISSUER (single sign-on is off)");
            }
            return Optional.empty();
        }
        String clientId = blankToNull(env.get("SVC_OIDC_CLIENT_ID"));
        if (clientId == null) {
            throw new IllegalArgumentException("SVC_OIDC_ISSUER is set, so SVC_OIDC_CLIENT_ID must be too");
        }
        if (map == null) {
            throw new IllegalArgumentException("SVC_OIDC_ISSUER is set, so ML_TEAM_OIDC_ROLE_MAP must map identity"
                    + " provider groups to roles, e.g. ml-admins=admin,ml-team=operator");
        }
        String redirect = blankToNull(env.get("SVC_OIDC_REDIRECT_URI"));
        return Optional.of(new OidcSettings(
                absolute("SVC_OIDC_ISSUER", issuer),
                clientId,
                Optional.ofNullable(blankToNull(env.get("SVC_OIDC_CLIENT_SECRET"))),
                Optional.ofNullable(redirect).map(r -> absolute("SVC_OIDC_REDIRECT_URI", r)),
                roleMap(map)));
    }

    /** Parses {@code group=role,group2=role}; every problem names the variable and the entry. */
    static Map<String, Role> roleMap(String value) {
        Map<String, Role> roles = new LinkedHashMap<>();
        for (String entry : value.split(",")) {
            String e = entry.strip();
            if (e.isEmpty()) {
                continue;
            }
            int eq = e.lastIndexOf('=');
            if (eq <= 0 || eq == e.length() - 1) {
                throw new IllegalArgumentException(
                        "ML_TEAM_OIDC_ROLE_MAP: '" + e + "' is not group=role (format: group=role,group2=role)");
            }
            String group = e.substring(0, eq).strip();
            Role role;
            try {
                role = Role.fromWire(e.substring(eq + 1).strip());
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(
                        "ML_TEAM_OIDC_ROLE_MAP: '" + e + "': the role must be viewer, operator or admin");
            }
            if (roles.put(group, role) != null) {
                throw new IllegalArgumentException("ML_TEAM_OIDC_ROLE_MAP: group '" + group + "' is mapped twice");
            }
        }
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("ML_TEAM_OIDC_ROLE_MAP maps no group");
        }
        return Map.copyOf(roles);
    }

    /** The highest role the groups map to, if any does. */
    public Optional<Role> roleOf(Collection<String> groups) {
        return groups.stream().map(roles::get).filter(r -> r != null).max(Enum::compareTo);
    }

    private static URI absolute(String name, String value) {
        try {
            URI uri = URI.create(value);
            if (uri.getScheme() == null
                    || !(uri.getScheme().equals("https") || uri.getScheme().equals("http"))
                    || uri.getHost() == null) {
                throw new IllegalArgumentException(name + " must be an absolute http(s) URL, got '" + value + "'");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " must be an absolute http(s) URL, got '" + value + "'", e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
