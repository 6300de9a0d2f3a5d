package svc.core.governance;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.CoreSettings;
import svc.core.agent.RosterProfiles;
import svc.core.tools.ToolPermissions.Verdict;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialLog;
import svc.governance.permission.PolicyRules;
import svc.library.roster.Roster;

/**
 * The drift gate of a BFSI deployment blocks at the deployment's {@code block_psi}, not at its
 * template's 0.25: a maximum PSI of 0.12 passes the template's gate and fails the deployment's.
 */
class DeploymentDriftGateTest {

    @TempDir
    Path home;

    @Test
    void theDriftGateBlocksAboveTheDeploymentsBlockPsi() throws Exception {
        Verdict deployment = registration("""
                svc.governance {
                  template = bfsi_baseline
                  rules {
                    bfsi-ask-register-deployment {
                      tool_name = register_model_deployment, behavior = ask, priority = 45, position = 0
                      reason = "A named approver."
                    }
                  }
                  drift { watch-psi = 0.05, block-psi = 0.1 }
                }
                """);
        assertThat(deployment.allowed()).isFalse();
        assertThat(deployment.needsApproval()).isFalse();
        assertThat(deployment.source()).isEqualTo("compliance_gate");
        assertThat(deployment.reason()).contains("bfsi-drift-gate").contains("0.1");

        Verdict template = registration("");
        assertThat(template.needsApproval())
                .as("without a deployment in force the template's 0.25 holds: only the approval remains")
                .isTrue();
    }

    private Verdict registration(String governance) throws Exception {
        Path dir = Files.createTempDirectory(home, "home");
        CoreSettings settings = CoreSettings.fromConfig(
                ConfigFactory.parseString("svc.home = \"" + dir.toString().replace("\\", "/") + "\"\n" + governance)
                        .withFallback(ConfigFactory.load()));
        GovernedTools tools = new GovernedTools(
                settings,
                RosterProfiles.directory(Roster.builtIn(), "scripted"),
                PolicyRules.empty(),
                "",
                new DenialLog(),
                DecisionListener.NONE,
                GuardrailListener.NONE);
        Path run = Files.createDirectories(settings.runDir("run-bfsi").resolve("work/results"))
                .getParent()
                .getParent();
        Files.writeString(run.resolve("run.json"), "{\"runId\":\"run-bfsi\",\"profile\":\"bfsi_baseline\"}");
        Files.writeString(run.resolve("work/results/compute_drift.json"), "{\"max_psi\":0.12}");
        Files.writeString(run.resolve("work/results/audit_fairness.json"), "{\"demographic_parity_difference\":0.01}");
        return tools.check("run-bfsi", "release-manager", "register_model_deployment", "{}");
    }
}
