package svc.core.governance;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.CoreSettings;
import svc.core.agent.RosterProfiles;
import svc.core.tools.ToolPermissions.Verdict;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialLog;
import svc.governance.permission.DenialRecord;
import svc.governance.permission.PolicyRules;
import svc.governance.permission.SettingsRules;
import svc.library.roster.Roster;

/**
 * The settings file's {@code permissions} in the permission engine of the agent loop, as operator
 * policy (source {@code policy}) beside the run's profile, with the rule that decided in the
 * stored denial.
 */
class SettingsPermissionsTest {

    static final String PROJECT = "/home/acme/churn";

    @TempDir
    Path home;

    private final DenialLog denials = new DenialLog();
    private GovernedTools governance;

    @BeforeEach
    void setUp() throws Exception {
        CoreSettings settings = CoreSettings.fromConfig(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString())).withFallback(ConfigFactory.load()));
        SettingsRules rules = new SettingsRules(
                PROJECT,
                new SettingsRules.Level(
                        List.of("execute_shell", "write_file(reports/*)"),
                        List.of(),
                        List.of("write_file(*.csv)", "http_get(*internal*)"),
                        null),
                Map.of(
                        "data-preparer",
                        new SettingsRules.Level(List.of("write_file(*.csv)"), List.of(), List.of(), "deny"),
                        "container-builder",
                        new SettingsRules.Level(List.of(), List.of(), List.of(), "ask")));
        governance = new GovernedTools(
                settings,
                RosterProfiles.directory(Roster.builtIn(), "scripted"),
                PolicyRules.empty(),
                rules,
                "",
                denials,
                DecisionListener.NONE,
                GuardrailListener.NONE,
                tool -> Optional.empty());
        for (String run : List.of("run-generic", "run-bfsi")) {
            Files.createDirectories(settings.runDir(run).resolve("work/results"));
        }
        Files.writeString(settings.runDir("run-generic").resolve("run.json"), "{\"profile\":\"default\"}");
        Files.writeString(settings.runDir("run-bfsi").resolve("run.json"), "{\"profile\":\"bfsi_baseline\"}");
    }

    @Test
    void aProjectDenyStopsACallEveryOtherSourceAllowsAndTheDenialNamesTheRule() {
        Verdict v = governance.check(
                "run-generic", "data-preparer", "write_file", "{\"path\":\"reports/ok.md\",\"content\":\"x\"}");
        assertThat(v.allowed())
                .as("the agent's own rules and not the project's decide for it")
                .isTrue();

        Verdict denied = governance.check(
                "run-generic", "evaluation-reporter", "write_file", "{\"path\":\"leak.csv\",\"content\":\"x\"}");
        assertThat(denied.allowed()).isFalse();
        assertThat(denied.source()).isEqualTo("policy");
        assertThat(denied.ruleId()).isEqualTo("settings:project:deny:write_file(*.csv)");
        assertThat(denied.reason()).contains("`write_file(*.csv)`").contains("project " + PROJECT);
        DenialRecord stored =
                denials.query(null, "write_file", "evaluation-reporter").get(0);
        assertThat(stored.source()).isEqualTo("policy");
        assertThat(stored.ruleId()).isEqualTo("settings:project:deny:write_file(*.csv)");
    }

    @Test
    void theGlobMatchesAWholeStringValueAnywhereInTheArguments() {
        assertThat(governance
                        .check("run-generic", "evaluation-reporter", "write_file", "{\"path\":\"a.csv.md\"}")
                        .allowed())
                .isTrue();
        assertThat(governance
                        .check(
                                "run-generic",
                                "data-profiler",
                                "http_get",
                                "{\"url\":\"https://internal.acme/x\",\"headers\":{}}")
                        .allowed())
                .isFalse();
    }

    @Test
    void withinALevelDenyBeatsAllow() {
        // The project allows write_file(reports/*) and denies write_file(*.csv): the deny wins.
        Verdict v =
                governance.check("run-generic", "evaluation-reporter", "write_file", "{\"path\":\"reports/a.csv\"}");
        assertThat(v.allowed()).isFalse();
        assertThat(v.ruleId()).isEqualTo("settings:project:deny:write_file(*.csv)");
    }

    @Test
    void theAgentsAllowOverridesTheProjectsDeny() {
        Verdict v = governance.check("run-generic", "data-preparer", "write_file", "{\"path\":\"table.csv\"}");
        assertThat(v.allowed()).isTrue();
    }

    @Test
    void defaultModeDecidesWhatNoRuleNames() {
        Verdict denied = governance.check("run-generic", "data-preparer", "inspect_dataset", "{}");
        assertThat(denied.allowed()).isFalse();
        assertThat(denied.needsApproval()).isFalse();
        assertThat(denied.ruleId()).isEqualTo("settings:agent:data-preparer:default_mode:deny");

        Verdict asked = governance.check("run-generic", "container-builder", "build_container_image", "{}");
        assertThat(asked.needsApproval()).isTrue();
        assertThat(asked.source()).isEqualTo("policy");
        assertThat(asked.ruleId()).isEqualTo("settings:agent:container-builder:default_mode:ask");

        assertThat(governance
                        .check("run-generic", "data-profiler", "inspect_dataset", "{}")
                        .allowed())
                .as("no default_mode: the engine's default, ALLOW")
                .isTrue();
    }

    @Test
    void aSettingsAllowCannotLiftAProfileDenyAt60() {
        // The project allows execute_shell; BFSI's profile denies it at priority 60 (invariant pass).
        assertThat(governance
                        .check("run-generic", "infra-operator", "execute_shell", "{\"cmd\":\"ls\"}")
                        .allowed())
                .isTrue();
        Verdict v = governance.check("run-bfsi", "infra-operator", "execute_shell", "{\"cmd\":\"ls\"}");
        assertThat(v.allowed()).isFalse();
        assertThat(v.source()).isEqualTo("profile");
        assertThat(v.ruleId()).isEqualTo("bfsi-deny-shell");
    }

    @Test
    void aSettingsAllowCannotLiftTheAgentAllowlist() {
        Verdict v = governance.check("run-generic", "data-profiler", "execute_shell", "{\"cmd\":\"ls\"}");
        assertThat(v.allowed()).isFalse();
        assertThat(v.source()).isEqualTo("agent_allowlist");
    }
}
