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
                        Schema.enumOf("session", "bearer", "api_key"),
                        "account",
                        Schema.enumOf("password", "oidc").orNull()));
        s.put(
                "Providers",
                Schema.object(
                        List.of("password", "oidc"),
                        "password",
                        Schema.of("boolean"),
                        "oidc",
                        Schema.object(List.of("login_url"), "login_url", Schema.of("string"))
                                .orNull()));
        Schema role = Schema.enumOf("viewer", "operator", "admin");
        s.put(
                "NewToken",
                Schema.object(
                        List.of("name", "role"),
                        "name",
                        Schema.string("up to 200 characters"),
                        "role",
                        role,
                        "expires_in_days",
                        Schema.of("integer"),
                        "expires_at",
                        Schema.dateTime()));
        s.put("TokenInfo", token(false));
        s.put("CreatedToken", token(true));
        s.put("UserChange", Schema.object(List.of(), "role", role, "disabled", Schema.of("boolean")));
        s.put(
                "UserInfo",
                Schema.object(
                        List.of("email", "role", "disabled", "source", "created_at"),
                        "email",
                        Schema.of("string"),
                        "role",
                        role,
                        "disabled",
                        Schema.of("boolean"),
                        "source",
                        Schema.enumOf("password", "oidc"),
                        "created_at",
                        Schema.dateTime(),
                        "created_by",
                        Schema.of("string")));
        s.put(
                "AuditEntry",
                Schema.object(
                        List.of("id", "at", "actor", "action", "method", "target", "status"),
                        "id",
                        Schema.of("integer"),
                        "at",
                        Schema.dateTime(),
                        "actor",
                        Schema.string("a user's email or api-key:<sha256 prefix>"),
                        "action",
                        Schema.string("the endpoint class, e.g. users.update"),
                        "method",
                        Schema.of("string"),
                        "target",
                        Schema.string("the request path"),
                        "status",
                        Schema.of("integer"),
                        "detail",
                        Schema.any("the request's JSON body, secret-named fields redacted"),
                        "correlation_id",
                        Schema.of("string")));
        for (String item : List.of("TokenInfo", "UserInfo", "AuditEntry")) {
            s.put(
                    item + "List",
                    Schema.object(
                            List.of("items", "total", "limit", "offset"),
                            "items",
                            Schema.array(Schema.ref(item)),
                            "total",
                            Schema.of("integer"),
                            "limit",
                            Schema.of("integer"),
                            "offset",
                            Schema.of("integer")));
        }
        return s;
    }

    private static Schema token(boolean withSecret) {
        List<String> required = withSecret
                ? List.of("id", "name", "role", "owner", "created_at", "expires_at", "token")
                : List.of("id", "name", "role", "owner", "created_at", "expires_at", "state");
        return Schema.object(
                required,
                "id",
                Schema.of("string"),
                "name",
                Schema.of("string"),
                "role",
                Schema.enumOf("viewer", "operator", "admin"),
                "owner",
                Schema.of("string"),
                "created_at",
                Schema.dateTime(),
                "expires_at",
                Schema.dateTime(),
                withSecret ? "token" : "state",
                withSecret
                        ? Schema.string("the secret, shown this once: svct_...")
                        : Schema.enumOf("active", "expired", "revoked"),
                "revoked_at",
                Schema.dateTime().orNull());
    }
}
