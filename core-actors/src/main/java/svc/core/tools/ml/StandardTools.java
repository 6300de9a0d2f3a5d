package svc.core.tools.ml;

import java.util.List;
import svc.core.governance.DriftPolicy;
import svc.core.task.DeploymentPort;
import svc.core.tools.Tool;
import svc.core.tools.ToolRegistry;

/**
 * The tools a platform offers its agents: the ML pipeline's, and the sandboxed ones
 * ({@code execute_python}, {@code execute_shell}, {@code http_get}, from
 * {@code svc.core.tools.sandbox.SandboxTools}), and {@code request_approval}, which puts a question
 * to a person through an approval gate.
 */
public final class StandardTools {

    private StandardTools() {}

    /** Without a deployment registry: {@code register_model_deployment} fails (tools outside a platform). */
    public static ToolRegistry registry(AuditSigner signer, List<Tool> sandboxed) {
        return registry(signer, sandboxed, DeploymentPort.NONE);
    }

    /** {@code register_model_deployment} registers through {@code deployments}; drift by the templates' bands. */
    public static ToolRegistry registry(AuditSigner signer, List<Tool> sandboxed, DeploymentPort deployments) {
        return registry(signer, sandboxed, deployments, DriftPolicy.templates());
    }

    /** {@code compute_drift} judges each run's PSI by {@code drift} (the deployment's bands for its profile). */
    public static ToolRegistry registry(
            AuditSigner signer, List<Tool> sandboxed, DeploymentPort deployments, DriftPolicy drift) {
        ToolRegistry registry = new ToolRegistry();
        DataTools.all().forEach(registry::register);
        ModelTools.all().forEach(registry::register);
        EvaluationTools.all(drift::ofRun).forEach(registry::register);
        ReportTools.all(signer).forEach(registry::register);
        DeploymentTools.all(deployments).forEach(registry::register);
        ApprovalTools.all().forEach(registry::register);
        ArtifactTools.all().forEach(registry::register);
        sandboxed.forEach(registry::register);
        return registry;
    }
}
