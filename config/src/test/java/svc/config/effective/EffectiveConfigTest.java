package svc.config.effective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import svc.config.settings.SettingsFile;
import svc.config.settings.SettingsResult;

class EffectiveConfigTest {

    private static final Origin TEMPLATE = Origin.template("template/generic_ml@v1.0.0");
    private static final Origin DEPLOYMENT = Origin.deployment("acme");
    private static final Origin SETTINGS = Origin.settings("/srv/project");

    private static Layer defaults(Map<String, ?> values) {
        return Layer.of(Origin.DEFAULT, values);
    }

    @Test
    void eachLayerOverridesTheOnesBelowItWhateverOrderTheyAreGivenIn() {
        Layer env = Layer.builder(Origin.Kind.ENV)
                .put("e", "from-env", Origin.env("SVC_E"))
                .build();
        List<Layer> layers = List.of(
                env,
                Layer.of(SETTINGS, Map.of("d", "settings", "e", "settings")),
                Layer.of(DEPLOYMENT, Map.of("c", "deployment", "d", "deployment", "e", "deployment")),
                Layer.of(TEMPLATE, Map.of("b", "template", "c", "template", "d", "template", "e", "template")),
                defaults(Map.of("a", 1, "b", 2, "c", 3, "d", 4, "e", 5)));

        EffectiveConfig config = EffectiveConfig.resolve(layers, Set.of());

        assertThat(config.get("a").orElseThrow()).isEqualTo(Setting.of(1, Origin.DEFAULT));
        assertThat(config.get("b").orElseThrow()).isEqualTo(Setting.of("template", TEMPLATE));
        assertThat(config.get("c").orElseThrow()).isEqualTo(Setting.of("deployment", DEPLOYMENT));
        assertThat(config.get("d").orElseThrow()).isEqualTo(Setting.of("settings", SETTINGS));
        assertThat(config.get("e").orElseThrow()).isEqualTo(Setting.of("from-env", Origin.env("SVC_E")));
        assertThat(config.settings().keySet()).containsExactly("a", "b", "c", "d", "e");
    }

    @Test
    void originsHaveTheContractsWireForm() {
        assertThat(List.of(Origin.DEFAULT, TEMPLATE, DEPLOYMENT, SETTINGS, Origin.env("SVC_PORT")))
                .extracting(Origin::label)
                .containsExactly(
                        "default",
                        "template:template/generic_ml@v1.0.0",
                        "deployment:acme",
                        "settings:/srv/project",
                        "env:SVC_PORT");
        assertThatThrownBy(() -> Origin.env(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLayerRefusesAValueOfAnotherKind() {
        assertThatThrownBy(() ->
                        Layer.builder(Origin.Kind.ENV).put("k", "v", TEMPLATE).build())
                .hasMessageContaining("key k of the env layer has origin template:");
    }

    @Test
    void aJoinedKeyIsTheUnionOfItsLayersAndNamesEveryContributor() {
        String key = "svc.governance.egress-allowlist";
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(
                        defaults(Map.of(key, "")),
                        Layer.of(TEMPLATE, Map.of(key, List.of())),
                        Layer.of(DEPLOYMENT, Map.of(key, List.of("api.acme.example", "files.acme.example"))),
                        Layer.builder(Origin.Kind.ENV)
                                .put(key, "pypi.org, api.acme.example", Origin.env("SVC_EGRESS_ALLOWLIST"))
                                .build()),
                Set.of(key));

        Setting allowlist = config.get(key).orElseThrow();
        assertThat(allowlist.value()).isEqualTo("api.acme.example,files.acme.example,pypi.org");
        assertThat(allowlist.origin()).isEqualTo(Origin.env("SVC_EGRESS_ALLOWLIST"));
        assertThat(allowlist.joined()).containsExactly(DEPLOYMENT, Origin.env("SVC_EGRESS_ALLOWLIST"));
    }

    @Test
    void aJoinedKeyThatNoLayerAddsToKeepsTheDefaultOrigin() {
        String key = "list";
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(defaults(Map.of(key, "")), Layer.of(TEMPLATE, Map.of(key, List.of()))), Set.of(key));
        assertThat(config.get(key).orElseThrow()).isEqualTo(Setting.of("", Origin.DEFAULT));
    }

    @Test
    void secretsAreShownMaskedAndPasswordsInsideUrlsToo() {
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(defaults(Map.of(
                        "svc.db.password", "hunter2",
                        "svc.notifications.webhook-secret", "",
                        "svc.at-rest.kek", "a2V5",
                        "svc.notifications.smtp-url", "smtps://mailer:pa55@smtp.example.com:465",
                        "svc.db.url", "jdbc:postgresql://db/svc?user=svc&password=pw",
                        "svc.http.port", 8000))),
                Set.of());

        Map<String, EffectiveConfig.Shown> shown = config.shown();
        assertThat(shown.get("svc.db.password").value()).isEqualTo("***");
        assertThat(shown.get("svc.notifications.webhook-secret").value()).isEqualTo("***");
        assertThat(shown.get("svc.at-rest.kek").value()).isEqualTo("***");
        assertThat(shown.get("svc.notifications.smtp-url").value())
                .isEqualTo("smtps://mailer:***@smtp.example.com:465");
        assertThat(shown.get("svc.db.url").value()).isEqualTo("jdbc:postgresql://db/svc?user=svc&password=***");
        assertThat(shown.get("svc.http.port").value()).isEqualTo(8000);
        // the resolved values themselves are intact: the runtime needs them
        assertThat(config.get("svc.db.password").orElseThrow().value()).isEqualTo("hunter2");
    }

    @Test
    void checksNameTheKeyTheOriginAndWhatWasExpectedOneProblemPerValue() {
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(
                        defaults(Map.of("svc.http.port", 8000, "svc.http.env", "development")),
                        Layer.builder(Origin.Kind.ENV)
                                .put("svc.http.port", "70000", Origin.env("SVC_PORT"))
                                .put("svc.http.env", "prod", Origin.env("SVC_ENV"))
                                .put("svc.at-rest.encryption", "maybe", Origin.env("SVC_AT_REST_ENCRYPTION"))
                                .build()),
                Set.of());

        assertThat(EffectiveChecks.check(config))
                .extracting(ConfigProblem::line)
                .containsExactly(
                        "svc.http.port (env:SVC_PORT): '70000' is not a port number (0..65535)",
                        "svc.http.env (env:SVC_ENV): 'prod' is not development or production",
                        "svc.at-rest.encryption (env:SVC_AT_REST_ENCRYPTION): 'maybe' is not on or off");
    }

    @Test
    void validDefaultsPassTheChecks() {
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(defaults(Map.of(
                        "svc.http.port", 0,
                        "svc.http.env", "production",
                        "svc.llm.provider", "scripted",
                        "svc.at-rest.encryption", "off",
                        "svc.budget-per-pipeline-usd", 0))),
                Set.of());
        assertThat(EffectiveChecks.check(config)).isEmpty();
    }

    @Test
    void theSettingsLayerHoldsWhatTheFileWritesKeyedByAgentName() {
        String json = """
                {"version": 2, "/srv/project": {
                  "agents": [{"name": "data-scientist", "prompt": "Be brief.", "model": "opus"}],
                  "defaults": {"model": "haiku", "max_total_errors": 7},
                  "providers": {"local": {"type": "anthropic", "base_url": "http://127.0.0.1:11434"}}
                }}
                """;
        SettingsResult result = SettingsFile.parse(json);
        assertThat(result).isInstanceOf(SettingsResult.Valid.class);
        var project = ((SettingsResult.Valid) result).settings().projects().get("/srv/project");

        Layer layer = SettingsLayer.of(Path.of("/srv/project"), project);

        assertThat(layer.kind()).isEqualTo(Origin.Kind.SETTINGS);
        assertThat(layer.values())
                .containsEntry("svc.settings.agents.data-scientist.model", Setting.of("opus", SETTINGS))
                .containsEntry("svc.settings.agents.data-scientist.prompt", Setting.of("Be brief.", SETTINGS))
                .containsEntry("svc.settings.defaults.model", Setting.of("haiku", SETTINGS))
                .containsEntry("svc.settings.defaults.max_total_errors", Setting.of(7, SETTINGS))
                .containsEntry("svc.settings.providers.local.type", Setting.of("anthropic", SETTINGS));
        // unset fields are not the file's: no key, so a lower layer's value would show through
        assertThat(layer.values()).doesNotContainKey("svc.settings.defaults.session_timeout");
    }
}
