package svc.bench.governance;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import svc.config.Json;
import svc.governance.compliance.ComplianceGates;
import svc.governance.compliance.CompliancePacks;
import svc.governance.compliance.GateInputs;
import svc.governance.permission.AgentAllowlistRules;
import svc.governance.permission.Behavior;
import svc.governance.permission.ComplianceGateRules;
import svc.governance.permission.DenialLog;
import svc.governance.permission.EgressRules;
import svc.governance.permission.FeatureFlagRules;
import svc.governance.permission.HitlRules;
import svc.governance.permission.PermissionEngine;
import svc.governance.permission.PermissionPacks;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PolicyRules;
import svc.governance.permission.ProfileRules;
import svc.governance.permission.RbacRules;
import svc.governance.permission.Role;

/**
 * Decisions per second of the permission engine on one thread, wired as a BFSI deployment would
 * be: all eight sources, 40 agents, the BFSI profile pack and gates, and a request mix of plain
 * tool calls, Python scripts, file writes of about 1 KB and deployments. Warm-up, then a timed
 * window (wall clock); prints throughput per wall second and per CPU second, then the CPU cost
 * of each request of the mix. Run:
 * {@code java -cp <bench classpath> svc.bench.governance.PermissionEngineBench [warmupSeconds] [measureSeconds]}
 */
public final class PermissionEngineBench {

    private PermissionEngineBench() {}

    public static void main(String[] args) throws Exception {
        double warmup = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        double measure = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        PermissionEngine engine = engine();
        List<PermissionRequest> mix = requests();

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        // warm up by CPU time, not wall time: on a shared machine a wall-clock warm-up may leave the JIT cold
        long warmupEnd = threads.getCurrentThreadCpuTime() + (long) (warmup * 1e9);
        while (threads.getCurrentThreadCpuTime() < warmupEnd) {
            run(engine, mix, 0.1);
        }
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        long[] result = run(engine, mix, measure);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        // CPU time is reported too: on a shared machine wall-clock throughput mostly measures the neighbours
        System.out.printf(
                "permission engine: %d decisions in %.2f s wall (%.2f s CPU) on 1 thread = %.0f decisions/s wall, "
                        + "%.0f per CPU-second (%.1f us CPU each); mix of %d requests, %d denials%n",
                result[0],
                seconds,
                cpuSeconds,
                result[0] / seconds,
                result[0] / cpuSeconds,
                cpuSeconds * 1e6 / result[0],
                mix.size(),
                result[1]);
        for (PermissionRequest r : mix) {
            long t0 = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < 2_000; i++) {
                engine.decide(r);
            }
            System.out.printf(
                    "  %-28s %-6s %8.1f us CPU%n",
                    r.tool(), engine.decide(r).behavior(), (threads.getCurrentThreadCpuTime() - t0) / 2_000 / 1e3);
        }
    }

    /** Decides the mix round-robin until {@code seconds} pass; returns {decisions, denials}. */
    private static long[] run(PermissionEngine engine, List<PermissionRequest> mix, double seconds) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        long n = 0;
        long denied = 0;
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < 1_000; i++) {
                if (engine.decide(mix.get((int) (n++ % mix.size()))).behavior() == Behavior.DENY) {
                    denied++;
                }
            }
        }
        return new long[] {n, denied};
    }

    private static PermissionEngine engine() throws Exception {
        Map<String, Set<String>> tools = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            tools.put(
                    "agent_" + i,
                    Set.of("load_dataset", "profile_*", "execute_python", "write_file", "read_file", "train_model"));
        }
        tools.put("deployer", Set.of("register_model_deployment", "write_file"));
        Map<String, JsonNode> results = Map.of(
                "audit_fairness", Json.MAPPER.readTree("{\"demographic_parity_difference\": 0.04}"),
                "compute_drift", Json.MAPPER.readTree("{\"max_psi\": 0.12}"));
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
        return PermissionEngine.builder()
                .provider(new RbacRules(
                        Map.of("subjects.*", Role.ADMIN, "plugins.*", Role.ADMIN, "pipelines.*", Role.OPERATOR)))
                .provider(new AgentAllowlistRules(tools, Map.of("agent_0", Set.of("agent_1"))))
                .provider(new FeatureFlagRules(
                        Map.of("run_batch*", "batch_runner", "cron_*", "cron_scheduler"), f -> false))
                .provider(new HitlRules(Set.of("approve_*")))
                .provider(PolicyRules.parse(
                        "[{id: read-ok, tool_name: read_file, behavior: allow}]", true, "policy.yaml"))
                .provider(ProfileRules.of(PermissionPacks.bfsiBaseline()))
                .provider(new ComplianceGateRules(new ComplianceGates(CompliancePacks.bfsiBaseline()), inputs))
                .provider(new EgressRules(
                        a -> a.contains("http://10.") ? Optional.of("private range") : Optional.empty()))
                .denials(new DenialLog(10_000))
                .build();
    }

    private static List<PermissionRequest> requests() {
        String kilobyte = "lorem ipsum dolor sit amet, ".repeat(36);
        String script = "import pandas as pd\\ndf = pd.read_csv('train.csv')\\nprint(df.describe())\\n".repeat(8);
        return List.of(
                PermissionRequest.forAgent(
                        "agent_3", Role.OPERATOR, "load_dataset", "{\"path\":\"train.csv\"}", "run-1"),
                PermissionRequest.forAgent(
                        "agent_7", Role.OPERATOR, "execute_python", "{\"code\":\"" + script + "\"}", "run-1"),
                PermissionRequest.forAgent(
                        "agent_7",
                        Role.OPERATOR,
                        "execute_python",
                        "{\"code\":\"import os\\nos.system('id')\"}",
                        "run-1"),
                PermissionRequest.forAgent(
                        "agent_9",
                        Role.OPERATOR,
                        "write_file",
                        "{\"path\":\"notes.md\",\"content\":\"" + kilobyte + "\"}",
                        "run-1"),
                PermissionRequest.forAgent(
                        "agent_9",
                        Role.OPERATOR,
                        "write_file",
                        "{\"path\":\"notes.md\",\"content\":\"" + kilobyte + " ABCDE1234F\"}",
                        "run-1"),
                PermissionRequest.forAgent(
                        "deployer", Role.OPERATOR, "register_model_deployment", "{\"model\":\"m-1\"}", "run-1"),
                PermissionRequest.forAgent("agent_2", Role.OPERATOR, "execute_shell", "{\"command\":\"ls\"}", "run-1"),
                PermissionRequest.forUser("olga", Role.OPERATOR, "pipelines.create"));
    }
}
