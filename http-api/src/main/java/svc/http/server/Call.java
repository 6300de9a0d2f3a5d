package svc.http.server;

import java.util.Map;
import svc.http.auth.Caller;

/**
 * What an endpoint's route is given once the request is authenticated, permitted and within its
 * limits: the path parameters of its template and the caller (null on public routes).
 */
public record Call(Map<String, String> params, Caller caller) {

    public String param(String name) {
        return params.get(name);
    }
}
