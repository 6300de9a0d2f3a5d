package svc.http.auth;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Fields;

/** The request and answer bodies of the auth endpoints. */
final class AuthBodies {

    private AuthBodies() {}

    /** {@code POST /api/v1/auth/login}. */
    record Login(String email, String password) {
        Login {
            Fields.required("email", email);
            Fields.required("password", password);
        }
    }

    /** {@code POST /api/v1/users}; the role is one of viewer, operator, admin. */
    record NewUser(String email, String password, String role) {
        NewUser {
            Fields.required("email", email);
            Fields.required("password", password);
            Fields.required("role", role);
        }

        Role parsedRole() {
            try {
                return Role.fromWire(role);
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("role: " + e.getMessage());
            }
        }
    }

    /** A fresh token. */
    record Token(String token) {}

    /** A created user. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record User(String email, String role, Instant createdAt) {}
}
