package svc.core;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.time.Duration;
import svc.core.agent.AgentLimits;
import svc.core.extensions.ExtensionSettings;
import svc.core.governance.GovernanceSettings;
import svc.core.tools.sandbox.SandboxSettings;
import svc.persistence.store.ArtifactStoreSettings;

/** The core's settings, read once from {@code svc.*} when the platform starts. */
public record CoreSettings(
        Path home,
        ArtifactStoreSettings artifactStore,
        int maxConcurrentPipelines,
        double budgetPerPipelineUsd,
        String llmProvider,
        String llmBaseUrl,
        String llmModel,
        int maxStepsPerTask,
        Duration askTimeout,
        Duration stepTimeout,
        Duration agentIdleTimeout,
        int agentSnapshotEvery,
        int maxDelegationDepth,
        int maxDelegationsPerRun,
        String delegationScope,
        Duration gateSweepInterval,
        String defaultProfile,
        SandboxSettings sandbox,
        GovernanceSettings governance,
        AgentLimits agentLimits,
        ExtensionSettings extensions) {

    public static CoreSettings fromConfig(Config config) {
        Config svc = config.getConfig("svc");
        int maxConcurrent = svc.getInt("max-concurrent-pipelines");
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("SVC_MAX_CONCURRENT_PIPELINES must be at least 1, got " + maxConcurrent);
        }
        double budget = svc.getDouble("budget-per-pipeline-usd");
        if (budget < 0) {
            throw new IllegalArgumentException("SVC_BUDGET_PER_PIPELINE_USD must not be negative, got " + budget);
        }
        String scope = svc.getString("agents.delegation-scope");
        if (!scope.equals("strict") && !scope.equals("name_only")) {
            throw new IllegalArgumentException("svc.agents.delegation-scope must be strict or name_only, got " + scope);
        }
        return new CoreSettings(
                Path.of(svc.getString("home")).toAbsolutePath(),
                ArtifactStoreSettings.fromConfig(config),
                maxConcurrent,
                budget,
                svc.getString("llm.provider"),
                svc.getString("llm.base-url"),
                svc.getString("llm.model"),
                svc.getInt("agents.max-steps-per-task"),
                svc.getDuration("agents.ask-timeout"),
                svc.getDuration("agents.step-timeout"),
                svc.getDuration("agents.idle-timeout"),
                svc.getInt("agents.snapshot-every"),
                svc.getInt("agents.max-delegation-depth"),
                svc.getInt("agents.max-delegations-per-run"),
                scope,
                svc.getDuration("gates.sweep-interval"),
                svc.getString("governance.default-profile"),
                SandboxSettings.fromConfig(svc),
                GovernanceSettings.fromConfig(svc),
                AgentLimits.fromConfig(svc),
                ExtensionSettings.fromConfig(svc));
    }

    /** This node's runs root: the store itself, or the working copy of an S3 store. */
    public Path runsDir() {
        return artifactStore.runsRoot();
    }

    public Path runDir(String runId) {
        return runsDir().resolve(runId);
    }
}
