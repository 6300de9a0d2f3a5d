package svc.http.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import svc.http.problem.ApiProblem;

/** Reading fields of a JSON body with 400s that name the field. */
public final class Bodies {

    private Bodies() {}

    public static String requiredText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw ApiProblem.badRequest(field + ": is required");
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            throw ApiProblem.badRequest(field + ": must be a non-empty string");
        }
        return v.asText();
    }

    public static String optionalText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiProblem.badRequest(field + ": must be a string");
        }
        return v.asText();
    }

    public static List<String> optionalTextList(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw ApiProblem.badRequest(field + ": must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual() || item.asText().isBlank()) {
                throw ApiProblem.badRequest(field + ": every item must be a non-empty string");
            }
            out.add(item.asText());
        }
        return out;
    }

    public static boolean requiredBoolean(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw ApiProblem.badRequest(field + ": is required");
        }
        if (!v.isBoolean()) {
            throw ApiProblem.badRequest(field + ": must be true or false");
        }
        return v.asBoolean();
    }
}
