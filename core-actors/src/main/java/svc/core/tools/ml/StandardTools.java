package svc.core.tools.ml;

import svc.core.tools.ToolRegistry;

/**
 * The tools a platform offers its agents. The catalogue's sandboxed tools ({@code http_get},
 * {@code execute_python}, {@code execute_shell}) and {@code request_approval} are not offered
 * yet: an agent calling them is told they are not among its tools.
 */
public final class StandardTools {

  private StandardTools() {}

  public static ToolRegistry registry(AuditSigner signer) {
    ToolRegistry registry = new ToolRegistry();
    DataTools.all().forEach(registry::register);
    ModelTools.all().forEach(registry::register);
    EvaluationTools.all().forEach(registry::register);
    ReportTools.all(signer).forEach(registry::register);
    DeploymentTools.all().forEach(registry::register);
    ArtifactTools.all().forEach(registry::register);
    return registry;
  }
}
