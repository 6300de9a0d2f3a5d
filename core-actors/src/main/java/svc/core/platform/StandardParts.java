package svc.core.platform;

import java.util.function.UnaryOperator;
import svc.core.llm.LlmProvider;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ml.AuditSigner;
import svc.core.tools.ml.StandardTools;

/**
 * The parts a server or the demo runs with: the provider named by {@code SVC_LLM_PROVIDER}, the
 * standard tools, and the permission seam.
 */
public final class StandardParts {

  private StandardParts() {}

  public static Platform.PartsFactory create() {
    return (settings, directory, ml, callbacks) -> {
      LlmProvider provider =
          switch (settings.llmProvider()) {
            case "scripted" -> new MessagesApiProvider("scripted", new ScriptedModel(), callbacks);
            default ->
                throw new IllegalArgumentException(
                    "SVC_LLM_PROVIDER=" + settings.llmProvider() + " is not available in this build; use scripted");
          };
      return new Platform.Parts(
          agent -> provider, StandardTools.registry(AuditSigner.UNSIGNED), ToolPermissions.ALLOW_ALL, UnaryOperator.identity());
    };
  }
}
