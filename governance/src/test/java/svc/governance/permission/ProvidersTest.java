package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.governance.compliance.ComplianceGates;
import svc.governance.compliance.CompliancePacks;
import svc.governance.compliance.GateInputs;

class ProvidersTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T00:00:00Z"), ZoneOffset.UTC);

    private static PermissionRequest agent(String name, String tool) {
        return PermissionRequest.forAgent(name, Role.OPERATOR, tool, "{}", "run-1");
    }

    @Test
    void rbacDeniesRolesBelowTheRequirementAndNamesBoth() {
        var engine = PermissionEngine.builder()
                .provider(new RbacRules(Map.of("subjects.*", Role.ADMIN, "pipelines.create", Role.OPERATOR)))
                .build();
        var viewer = engine.decide(PermissionRequest.forUser("vera", Role.VIEWER, "pipelines.create"));
        assertThat(viewer.behavior()).isEqualTo(Behavior.DENY);
        assertThat(viewer.source()).isEqualTo("rbac");
        assertThat(viewer.reason()).contains("viewer").contains("operator");
        assertThat(engine.decide(PermissionRequest.forUser("olga", Role.OPERATOR, "pipelines.create"))
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
        assertThat(engine.decide(PermissionRequest.forUser("olga", Role.OPERATOR, "subjects.erase"))
                        .behavior())
                .isEqualTo(Behavior.DENY);
        assertThat(engine.decide(PermissionRequest.forUser("ada", Role.ADMIN, "subjects.erase"))
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void rbacDenyIsNotLiftedByPolicyAllow() {
        var engine = PermissionEngine.builder()
                .provider(new RbacRules(Map.of("subjects.*", Role.ADMIN)))
                .provider(PolicyRules.parse(
                        "[{\"id\":\"open\",\"tool_name\":\"*\",\"behavior\":\"allow\"}]", false, "p.json"))
                .build();
        assertThat(engine.decide(PermissionRequest.forUser("olga", Role.OPERATOR, "subjects.erase"))
                        .source())
                .isEqualTo("rbac");
    }

    @Test
    void agentAllowlistDeniesToolsOutsideTheSetAndJudgesTransfersByDelegation() {
        var allowlist = new AgentAllowlistRules(
                Map.of("data_engineer", Set.of("load_dataset", "profile_*"), "director", Set.of()),
                Map.of("director", Set.of("data_engineer")));
        var engine = PermissionEngine.builder().provider(allowlist).build();
        assertThat(engine.decide(agent("data_engineer", "load_dataset")).behavior())
                .isEqualTo(Behavior.ALLOW);
        assertThat(engine.decide(agent("data_engineer", "profile_columns")).behavior())
                .isEqualTo(Behavior.ALLOW);
        var outside = engine.decide(agent("data_engineer", "train_model"));
        assertThat(outside.behavior()).isEqualTo(Behavior.DENY);
        assertThat(outside.source()).isEqualTo("agent_allowlist");
        assertThat(outside.reason()).isEqualTo("tool train_model is not in the allowlist of agent data_engineer");
        assertThat(engine.decide(agent("director", "transfer_to_data_engineer")).behavior())
                .isEqualTo(Behavior.ALLOW);
        assertThat(engine.decide(agent("director", "transfer_to_ml_engineer")).behavior())
                .isEqualTo(Behavior.DENY);
        assertThat(engine.decide(agent("data_engineer", "transfer_to_director")).behavior())
                .isEqualTo(Behavior.DENY);
        assertThat(engine.decide(agent("stranger", "load_dataset")).reason())
                .isEqualTo("agent stranger has no tool allowlist");
        // API users are not agents: the allowlist says nothing about them
        assertThat(engine.decide(PermissionRequest.forUser("olga", Role.OPERATOR, "train_model"))
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void toolNameWithGlobCharactersDoesNotEscapeTheAllowlist() {
        var engine = PermissionEngine.builder()
                .provider(new AgentAllowlistRules(Map.of("a", Set.of("read_*")), Map.of()))
                .build();
        assertThat(engine.decide(agent("a", "*")).behavior()).isEqualTo(Behavior.DENY);
        assertThat(engine.decide(agent("a", "read_file")).behavior()).isEqualTo(Behavior.ALLOW);
    }

    @Test
    void featureFlagOffAutoSkipsTheToolAndAFlipTakesEffectOnTheNextCall() {
        Set<String> on = new HashSet<>();
        var engine = PermissionEngine.builder()
                .provider(new FeatureFlagRules(Map.of("run_batch*", "batch_runner"), on::contains))
                .build();
        var d = engine.decide(agent("ops", "run_batch_job"));
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.reason()).isEqualTo("auto-skipped: flag batch_runner is off");
        assertThat(d.source()).isEqualTo("feature_flag");
        on.add("batch_runner");
        assertThat(engine.decide(agent("ops", "run_batch_job")).behavior()).isEqualTo(Behavior.ALLOW);
    }

    @Test
    void hitlToolsAsk() {
        var engine = PermissionEngine.builder()
                .provider(new HitlRules(Set.of("approve_*")))
                .build();
        var d = engine.decide(agent("a", "approve_release"));
        assertThat(d.behavior()).isEqualTo(Behavior.ASK);
        assertThat(d.source()).isEqualTo("hitl");
    }

    @Test
    void egressVerdictBecomesDenyWithEgressSource() {
        var engine = PermissionEngine.builder()
                .provider(new EgressRules(args -> args.contains("169.254.169.254")
                        ? Optional.of("host 169.254.169.254 is link-local")
                        : Optional.empty()))
                .provider(PolicyRules.parse("[{id: all, tool_name: '*', behavior: allow}]", true, "p.yaml"))
                .build();
        var d = engine.decide(PermissionRequest.forAgent(
                "a", Role.OPERATOR, "http_get", "{\"url\":\"http://169.254.169.254/latest\"}", "run-1"));
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.source()).isEqualTo("egress_allowlist");
        assertThat(d.reason()).isEqualTo("egress blocked: host 169.254.169.254 is link-local");
        assertThat(engine.decide(PermissionRequest.forAgent(
                                "a", Role.OPERATOR, "http_get", "{\"url\":\"https://example.org\"}", "run-1"))
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void complianceVerdictDeniesTheBlockedToolAndPolicyAllowCannotLiftIt() throws Exception {
        Map<String, JsonNode> results = Map.of(
                "audit_fairness", Json.MAPPER.readTree("{\"demographic_parity_difference\": 0.23}"),
                "compute_drift", Json.MAPPER.readTree("{\"max_psi\": 0.04}"));
        GateInputs inputs = new GateInputs() {
            @Override
            public Map<String, JsonNode> latestResults(String runId) {
                return results;
            }

            @Override
            public JsonNode runContext(String runId) {
                return null;
            }
        };
        var engine = PermissionEngine.builder()
                .provider(PolicyRules.parse(
                        "[{id: ship, tool_name: register_model_deployment, behavior: allow}]", true, "p"))
                .provider(new ComplianceGateRules(new ComplianceGates(CompliancePacks.bfsiBaseline()), inputs))
                .build();
        var d = engine.decide(agent("deployer", "register_model_deployment"));
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.source()).isEqualTo("compliance_gate");
        assertThat(d.winner().orElseThrow().priority()).isEqualTo(55);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("compliance_gate:bfsi-fairness");
        assertThat(d.reason()).contains("bfsi-fairness").contains("> 0.1").contains("= 0.23");
        // outside a run there is no evidence and no gate
        assertThat(engine.decide(PermissionRequest.forUser("olga", Role.OPERATOR, "register_model_deployment"))
                        .behavior())
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void aProviderThatThrowsFailsClosedUnderItsOwnSource() {
        RuleProvider broken = new RuleProvider() {
            @Override
            public RuleSource source() {
                return RuleSource.FEATURE_FLAG;
            }

            @Override
            public List<PermissionRule> rulesFor(PermissionRequest request) {
                throw new IllegalStateException("flag registry unreachable");
            }
        };
        var engine = PermissionEngine.builder()
                .provider(broken)
                .provider(PolicyRules.parse("[{id: all, tool_name: '*', behavior: allow}]", true, "p"))
                .build();
        var d = engine.decide(agent("a", "anything"));
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.source()).isEqualTo("feature_flag");
        assertThat(d.reason()).contains("flag registry unreachable").contains("failing closed");
    }

    @Test
    void denialsAreRecordedWithSourceRunAgentAndToolAndListenersSeeEveryDecision() {
        var log = new DenialLog();
        List<String> seen = new ArrayList<>();
        var engine = PermissionEngine.builder()
                .provider(ProfileRules.of(PermissionPacks.bfsiBaseline()))
                .denials(log)
                .listener((req, dec) -> seen.add(dec.behavior() + "/" + dec.source()))
                .clock(CLOCK)
                .build();
        engine.decide(agent("ml_engineer", "execute_shell"));
        engine.decide(agent("ml_engineer", "read_file"));
        engine.decide(agent("deployer", "register_model_deployment"));
        assertThat(seen).containsExactly("deny/profile", "allow/default", "ask/profile");
        assertThat(log.query(null, null, null))
                .containsExactly(new DenialRecord(
                        "profile",
                        "bfsi-deny-shell",
                        "BFSI baseline: shell execution is not allowed",
                        "run-1",
                        "ml_engineer",
                        "execute_shell",
                        CLOCK.instant()));
    }

    @Test
    void policyFileLoadsFromYamlAndJsonAndRejectsMistakesByName(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("policy.yaml");
        Files.writeString(
                yaml,
                "- id: no-net\n  tool_name: http_*\n  behavior: deny\n  priority: 65\n  reason: no network\n"
                        + "- id: ok-read\n  tool_name: read_file\n  behavior: allow\n");
        var rules = PolicyRules.load(yaml).rules();
        assertThat(rules)
                .extracting(PermissionRule::id, PermissionRule::priority, PermissionRule::source)
                .containsExactly(
                        Tuple.tuple("no-net", 65, RuleSource.POLICY), Tuple.tuple("ok-read", 50, RuleSource.POLICY));
        Path json = dir.resolve("policy.json");
        Files.writeString(json, "[{\"id\":\"x\",\"tool_name\":\"t\",\"behavior\":\"ask\"}]");
        assertThat(PolicyRules.load(json).rules())
                .singleElement()
                .extracting(PermissionRule::behavior)
                .isEqualTo(Behavior.ASK);
        assertThat(PolicyRules.empty().rules()).isEmpty();

        assertThatThrownBy(() ->
                        PolicyRules.parse("[{id: a, tool_name: t, behavior: allow, priority: 90}]", true, "p.yaml"))
                .hasMessageContaining("p.yaml: rule #1")
                .hasMessageContaining("priority 50");
        assertThatThrownBy(() -> PolicyRules.parse("[{id: a, tool_name: t, behavior: permit}]", true, "p.yaml"))
                .hasMessageContaining("rule #1")
                .hasMessageContaining("permit");
        assertThatThrownBy(() -> PolicyRules.parse("[{id: a, tool: t, behavior: deny}]", true, "p.yaml"))
                .hasMessageContaining("unknown field 'tool'");
        assertThatThrownBy(() ->
                        PolicyRules.parse("[{id: a, tool_name: t, behavior: deny, pattern: '(('}]", true, "p.yaml"))
                .hasMessageContaining("'a'")
                .hasMessageContaining("not a valid regex");
        assertThatThrownBy(() -> PolicyRules.parse(
                        "[{id: a, tool_name: t, behavior: deny}, {id: a, tool_name: u, behavior: deny}]",
                        true,
                        "p.yaml"))
                .hasMessageContaining("rule #2")
                .hasMessageContaining("duplicate id 'a'");
        assertThatThrownBy(() -> PolicyRules.load(dir.resolve("missing.yaml"))).hasMessageContaining("missing.yaml");
    }

    @Test
    void profilesOnlyRestrictAtTheirFixedPriorities() {
        var rules = ProfileRules.parse(
                        "[{id: d, tool_name: t, behavior: deny}, {id: q, tool_name: u, behavior: ask}]", true, "tpl")
                .rules();
        assertThat(rules).extracting(PermissionRule::priority).containsExactly(60, 45);
        assertThatThrownBy(() -> ProfileRules.parse("[{id: a, tool_name: t, behavior: allow}]", true, "tpl"))
                .hasMessageContaining("profiles only restrict");
        assertThatThrownBy(
                        () -> ProfileRules.parse("[{id: d, tool_name: t, behavior: deny, priority: 40}]", true, "tpl"))
                .hasMessageContaining("priority 60");
    }

    @Test
    void denialLogFiltersBySinceToolAndAgentAndKeepsTheNewest() {
        var log = new DenialLog(3);
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < 5; i++) {
            log.record(new DenialRecord(
                    "rbac", "r", "why", "run", i % 2 == 0 ? "a" : "b", "tool" + (i % 2), t0.plusSeconds(i)));
        }
        assertThat(log.size()).isEqualTo(3);
        assertThat(log.query(null, null, null))
                .extracting(DenialRecord::ts)
                .containsExactly(t0.plusSeconds(2), t0.plusSeconds(3), t0.plusSeconds(4));
        assertThat(log.query(t0.plusSeconds(3), null, null)).hasSize(2);
        assertThat(log.query(null, "tool0", null))
                .extracting(DenialRecord::agent)
                .containsExactly("a", "a");
        assertThat(log.query(null, null, "b"))
                .singleElement()
                .extracting(DenialRecord::ts)
                .isEqualTo(t0.plusSeconds(3));
    }

    @Test
    void denialLogIsSafeUnderConcurrentWriters() throws Exception {
        var log = new DenialLog(100_000);
        var pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                String agent = "agent-" + t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        log.record(new DenialRecord("rbac", "r", "why", "run", agent, "tool", Instant.EPOCH));
                    }
                }));
            }
            for (var f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(log.size()).isEqualTo(20_000);
        assertThat(log.query(null, null, "agent-3")).hasSize(5_000);
    }

    @Test
    void catastrophicPolicyRegexFailsClosedInsteadOfStallingTheEngine() {
        String evil = "(.*a){20}x"; // polynomial of degree 20 on a failing input: hours without a budget
        var deny = new PermissionRule("slow-deny", "t", Behavior.DENY, evil, 50, "slow", RuleSource.POLICY);
        var allow = new PermissionRule("slow-allow", "t", Behavior.ALLOW, evil, 50, "slow", RuleSource.POLICY);
        String crafted = "{\"x\":\"" + "a".repeat(30) + "!\"}";
        assertThat(deny.matches("t", crafted)).isTrue();
        assertThat(allow.matches("t", crafted)).isFalse();
        // the same pattern on harmless input is evaluated normally
        assertThat(deny.matches("t", "{\"x\":\"b\"}")).isFalse();
        assertThat(new PermissionRule("plain", "t", Behavior.ALLOW, "a{3}", 50, "ok", RuleSource.POLICY)
                        .matches("t", crafted))
                .isTrue();
    }

    @Test
    void globMatchesStarAndQuestionMarkOnly() {
        assertThat(Glob.matches("*", "")).isTrue();
        assertThat(Glob.matches("transfer_to_*", "transfer_to_director")).isTrue();
        assertThat(Glob.matches("a*b*c", "axxbyyc")).isTrue();
        assertThat(Glob.matches("a*b*c", "axxbyy")).isFalse();
        assertThat(Glob.matches("read_?ile", "read_file")).isTrue();
        assertThat(Glob.matches("read_?ile", "read_ile")).isFalse();
        assertThat(Glob.matches("read.file", "readxfile")).isFalse();
        assertThat(Glob.matches("execute_shell", "execute_shell_extra")).isFalse();
    }
}
