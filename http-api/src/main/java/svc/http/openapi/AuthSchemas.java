package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the dashboard sign-in, API tokens, users and the audit log. */
final class AuthSchemas {

    private AuthSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
                "Session",
                Schema.object(
                        List.of("email", "role", "expires_at", "csrf_token"),
                        "email",
                        Schema.of("string"),
                        "role",
                        Schema.enumOf("viewer", "operator", "admin"),
                        "expires_at",
                        Schema.dateTime(),
                        "csrf_token",
                        Schema.string(
                                "also in the svc_csrf cookie; send it as X-CSRF-Token on state-changing requests")));
        s.put(
                "Me",
                Schema.object(
                        List.of("email", "role", "auth"),
                        "email",
                        Schema.string("the user's email, or api-key:<sha256 prefix> for a configured key"),
                        "role",
                        Schema.enumOf("viewer", "operator", "admin"),
                        "auth",
                        Schema.enumOf("session", "bearer", "api_key")));
        s.put(
                "Providers",
                Schema.object(
                        List.of("password", "oidc"),
                        "password",
                        Schema.of("boolean"),
                        "oidc",
                        Schema.object(List.of("login_url"), "login_url", Schema.of("string"))
                                .orNull()));
        return s;
    }
}
