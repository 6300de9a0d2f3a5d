package svc.http.server;

import java.util.List;
import svc.http.problem.ApiProblem;

/**
 * Checks of bound request fields, called from the compact constructors of body records: a
 * failed check is a 400 that names the field.
 */
public final class Fields {

    private Fields() {}

    /** A present, non-blank string. */
    public static String required(String field, String value) {
        if (value == null) {
            throw ApiProblem.badRequest(field + ": is required");
        }
        if (value.isBlank()) {
            throw ApiProblem.badRequest(field + ": must be a non-empty string");
        }
        return value;
    }

    /** A present boolean. */
    public static boolean required(String field, Boolean value) {
        if (value == null) {
            throw ApiProblem.badRequest(field + ": is required");
        }
        return value;
    }

    /** A list of non-blank strings; absent is empty. */
    public static List<String> texts(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        for (String v : values) {
            if (v == null || v.isBlank()) {
                throw ApiProblem.badRequest(field + ": every item must be a non-empty string");
            }
        }
        return List.copyOf(values);
    }

    /** One of the given words. */
    public static String oneOf(String field, String value, List<String> allowed) {
        required(field, value);
        if (!allowed.contains(value)) {
            throw ApiProblem.badRequest(field + ": must be " + String.join(" or ", allowed) + ", got '" + value + "'");
        }
        return value;
    }
}
