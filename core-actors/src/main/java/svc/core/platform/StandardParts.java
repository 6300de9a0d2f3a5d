package svc.core.platform;

import java.util.function.UnaryOperator;
import svc.config.settings.ProjectConfig;
import svc.core.llm.providers.LlmProviders;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ml.AuditSigner;
import svc.core.tools.ml.StandardTools;

/**
 * The parts a server or the demo runs with: each agent's provider chosen by {@link LlmProviders}
 * ({@code SVC_LLM_PROVIDER}, scripted by default, and the settings file when given), the standard
 * tools, and the permission seam.
 */
public final class StandardParts {

  private StandardParts() {}

  public static Platform.PartsFactory create() {
    return create(null);
  }

  /** @param settingsProject the settings file's project for this server, or null */
  public static Platform.PartsFactory create(ProjectConfig settingsProject) {
    return (settings, directory, ml, callbacks) -> {
      LlmProviders providers =
          LlmProviders.create(
              settings.llmProvider(), settings.llmBaseUrl(), settings.llmModel(), settingsProject, System::getenv, callbacks,
              LlmProviders.Listeners.NONE);
      return new Platform.Parts(
          providers::forAgent, StandardTools.registry(AuditSigner.UNSIGNED), ToolPermissions.ALLOW_ALL, UnaryOperator.identity());
    };
  }
}
