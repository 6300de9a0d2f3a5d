package svc.core.platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.governance.GovernedTools;
import svc.core.llm.LlmProvider;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.tools.Tool;
import svc.core.tools.ml.AuditSigner;
import svc.core.tools.ml.StandardTools;
import svc.core.tools.sandbox.SandboxTools;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.PolicyRules;
import svc.governance.sandbox.Sandbox;
import svc.governance.scrub.ConversationScrubber;
import svc.governance.signing.ArtefactSigning;
import svc.governance.signing.Ed25519Signer;
import svc.governance.signing.SignatureResult;
import svc.governance.signing.Signer;
import svc.governance.signing.Signers;
import svc.ml.report.SignatureBlock;
import svc.persistence.Database;
import svc.persistence.denials.DenialRepository;

/**
 * The parts a server or the demo runs with: the provider named by {@code SVC_LLM_PROVIDER}, the
 * standard tools with the audit PDF signed (G11, {@code SVC_SIGNING_DRIVER}, default offline
 * Ed25519 with a key pair kept under {@code $SVC_HOME/keys/audit}), governance around every step
 * (operator policy from {@code SVC_POLICY_FILE}, egress allowlist from
 * {@code SVC_EGRESS_ALLOWLIST}, denials stored in the database), the conversation scrubber (G5)
 * on the conversation files, and the sandboxed tools with the sandbox of {@code svc.sandbox} (G2).
 */
public final class StandardParts implements Platform.PartsFactory {

  private static final Logger LOG = LoggerFactory.getLogger(StandardParts.class);

  /** Listeners the HTTP layer plugs metrics into; no-ops by default. */
  private final DecisionListener decisions;
  private final GuardrailListener guardrails;

  private StandardParts(DecisionListener decisions, GuardrailListener guardrails) {
    this.decisions = decisions;
    this.guardrails = guardrails;
  }

  public static StandardParts create() {
    return new StandardParts(DecisionListener.NONE, GuardrailListener.NONE);
  }

  public static StandardParts create(DecisionListener decisions, GuardrailListener guardrails) {
    return new StandardParts(decisions, guardrails);
  }

  @Override
  public Platform.Parts create(CoreSettings settings, AgentDirectory directory, Executor ml, Executor callbacks) {
    throw new IllegalStateException("StandardParts needs the platform's database");
  }

  @Override
  public Platform.Parts create(CoreSettings settings, AgentDirectory directory, Executor ml, Executor callbacks, Database database) {
    // Built once per platform, first: a strict driver that cannot work here throws, and start aborts.
    Sandbox sandbox = settings.sandbox().create();
    LOG.info("sandbox driver {} for execute_python and execute_shell", sandbox.driver());
    LlmProvider provider =
        switch (settings.llmProvider()) {
          case "scripted" -> new MessagesApiProvider("scripted", new ScriptedModel(), callbacks);
          default ->
              throw new IllegalArgumentException(
                  "SVC_LLM_PROVIDER=" + settings.llmProvider() + " is not available in this build; use scripted");
        };
    String policyFile = System.getenv("SVC_POLICY_FILE");
    PolicyRules policy = policyFile == null || policyFile.isBlank() ? PolicyRules.empty() : PolicyRules.load(Path.of(policyFile));
    GovernedTools governance =
        new GovernedTools(settings, directory, policy, System.getenv("SVC_EGRESS_ALLOWLIST"), new DenialRepository(database.dataSource()), decisions, guardrails);
    ConversationScrubber scrubber = ConversationScrubber.defaults();
    EgressPolicy egress = new EgressPolicy(EgressAllowlist.parse(System.getenv(EgressAllowlist.ENV)));
    List<Tool> sandboxed = SandboxTools.all(sandbox, settings.sandbox(), egress);
    return new Platform.Parts(agent -> provider, StandardTools.registry(auditSigner(settings), sandboxed), governance, scrubber::scrubLine);
  }

  /** Signs the PDF content for its signature block, and the written file with a sidecar receipt. */
  static AuditSigner auditSigner(CoreSettings settings) {
    String driver = System.getenv().getOrDefault("SVC_SIGNING_DRIVER", "ed25519");
    boolean strict = Boolean.parseBoolean(System.getenv().getOrDefault("SVC_SIGNING_STRICT", "false"));
    Path keys = settings.home().resolve("keys").resolve("audit");
    if (driver.equals("ed25519") && !Files.exists(keys.resolve(Ed25519Signer.PRIVATE_FILE))) {
      Ed25519Signer.generate(keys, Clock.systemUTC());
      LOG.info("generated the audit signing key pair under {}", keys);
    }
    Signer signer = Signers.select(driver, strict, new Signers.Options(keys, System.getenv("SVC_SIGNING_KMS_KEY"), System.getenv("PATH"), Clock.systemUTC()));
    return new AuditSigner() {
      @Override
      public SignatureBlock sign(byte[] content, Path pdf) {
        SignatureResult r = signer.sign(content);
        if (!r.signed()) {
          return null;
        }
        return new SignatureBlock(r.driver(), r.algorithm(), r.keyId(), java.util.HexFormat.of().formatHex(r.signature()), r.signedAt());
      }

      @Override
      public void afterWrite(Path pdf) {
        // A detached signature and receipt over the exact bytes on disk, for `verify` tools.
        ArtefactSigning.signOrWarn(pdf, signer);
      }
    };
  }
}
