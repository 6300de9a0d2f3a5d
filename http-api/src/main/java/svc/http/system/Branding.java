package svc.http.system;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import svc.config.Json;

/**
 * The branding response. The spec names its groups but not their fields; these are the product
 * defaults (a deployment's overrides are merged in by a later issue).
 */
final class Branding {

    private Branding() {}

    static ObjectNode defaults() {
        ObjectNode o = Json.object();
        o.put("product_name", "svc");
        o.put("subtitle", "Multi-agent machine-learning platform");
        o.put("tagline", "From a problem statement and a table to an audited, deployable model");
        o.put("logo", "/static/logo.svg");
        o.putObject("colors").put("primary", "#1f4e79").put("accent", "#f2a900").put("background", "#ffffff");
        ArrayNode nav = o.putArray("navigation");
        nav.addObject().put("label", "Pipelines").put("path", "/pipelines");
        nav.addObject().put("label", "Approvals").put("path", "/approvals");
        nav.addObject().put("label", "Agents").put("path", "/agents");
        nav.addObject().put("label", "Features").put("path", "/features");
        ArrayNode presets = o.putArray("demo_presets");
        presets.addObject()
                .put("name", "German credit risk")
                .put("dataset_path", "data/german_credit/german_credit.csv")
                .put(
                        "problem",
                        "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex and age.");
        ObjectNode pipeline = o.putObject("pipeline_options");
        ArrayNode templates = pipeline.putArray("templates");
        templates.add("fast_prototype").add("default_ml_pipeline").add("parallel_research");
        pipeline.put("default_template", "default_ml_pipeline");
        o.putArray("compliance_badges");
        return o;
    }
}
