package svc.core.governance;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.CoreSettings;
import svc.core.agent.RosterProfiles;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolResult;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialLog;
import svc.governance.permission.PolicyRules;
import svc.library.roster.Roster;

/**
 * A whole run whose model writes an SSN and an e-mail address into every answer: what is
 * journalled and stored in the conversation files holds them masked (generic_ml's pii_action),
 * and each such line says that G4 acted.
 */
class PiiInRunTest {

    private static final String EMAIL = "jane.doe@example.com";
    private static final String SSN = "536-22-1847";

    @TempDir
    Path home;

    @Test
    void theStoredConversationHoldsTheModelsPiiMaskedAndSaysSo() throws Exception {
        List<String> stored = storedConversation(home, "");

        String all = String.join("\n", stored);
        assertThat(all).doesNotContain(EMAIL).doesNotContain(SSN);
        assertThat(assistant(stored)).allSatisfy(line -> {
            var o = Json.parse(line);
            assertThat(o.path("content").asText()).endsWith("Contact ja****************om, SSN 53*******47.");
            assertThat(o.path("guardrails").get(0).asText())
                    .isEqualTo("G4 pii at POST_LLM on the answer: redacted 2 PII entities: EMAIL x1 (mask),"
                            + " US_SSN x1 (mask)");
        });
    }

    /**
     * The deployment in force switches G4 off for its profile: the answers are journalled as the
     * model wrote them, and the conversation scrubber (G5) still masks them in the stored files;
     * switched off as well, the files hold them as written.
     */
    @Test
    void theConversationScrubberG5IsSwitchedOnItsOwn(@TempDir Path other) throws Exception {
        List<String> scrubbed =
                storedConversation(home, "svc.governance { template = generic_ml, guardrails.G4 = false }");
        assertThat(String.join("\n", scrubbed)).doesNotContain(EMAIL).doesNotContain(SSN);
        assertThat(assistant(scrubbed)).allSatisfy(line -> {
            var o = Json.parse(line);
            assertThat(o.path("content").asText()).endsWith("Contact ja****************om, SSN 53*******47.");
            // G4 did not act on the answer: no note of it; the line was scrubbed on its way to the file.
            assertThat(o.path("guardrails").isMissingNode()).as(line).isTrue();
            assertThat(o.path("_redacted").asBoolean()).as(line).isTrue();
        });

        List<String> raw = storedConversation(
                other, "svc.governance { template = generic_ml, guardrails { G4 = false, G5 = false } }");
        assertThat(assistant(raw))
                .isNotEmpty()
                .allSatisfy(line -> assertThat(line).contains(EMAIL).contains(SSN));
    }

    /** The conversation files of a whole fast_prototype run with {@code hocon} over the defaults. */
    private static List<String> storedConversation(Path home, String hocon) throws Exception {
        CoreSettings settings = CoreSettings.fromConfig(ConfigFactory.parseString(hocon)
                .withFallback(ConfigFactory.parseMap(Map.of("svc.home", home.toString())))
                .withFallback(ConfigFactory.load()));
        GovernedTools governance = new GovernedTools(
                settings,
                RosterProfiles.directory(Roster.builtIn(), "scripted"),
                PolicyRules.empty(),
                "",
                new DenialLog(),
                DecisionListener.NONE,
                GuardrailListener.NONE);
        try (PlatformFixture fx = new PlatformFixture(home, new FakeToolbox())) {
            // The fake tools are not the roster's: only the guardrails of the real governance are used here.
            fx.permissions = new ToolPermissions() {
                @Override
                public Verdict check(String runId, String agent, String tool, String argumentsJson) {
                    return Verdict.allow();
                }

                @Override
                public ToolResult afterTool(ToolContext context, String tool, ToolResult result) {
                    return governance.afterTool(context, tool, result);
                }

                @Override
                public ScreenedAnswer screenAnswer(String runId, String agent, LlmResponse answer) {
                    return governance.screenAnswer(runId, agent, answer);
                }

                @Override
                public String screenStored(String runId, String line) {
                    return governance.screenStored(runId, line);
                }
            };
            fx.start(
                    Map.of(),
                    (s, callbacks) -> agent ->
                            new Leaky(new MessagesApiProvider("scripted", new ScriptedModel(), callbacks), callbacks));

            RunView run = fx.startRun("fast_prototype");
            fx.awaitState(run.runId(), "succeeded");
            Path conversations = fx.runDir(run.runId()).resolve("conversations");
            fx.eventually(
                    Duration.ofSeconds(20),
                    () -> assertThat(assistantLines(conversations))
                            .as("every answer of the director, once its file is flushed")
                            .isNotEmpty());

            return lines(conversations);
        }
    }

    private static List<String> assistant(List<String> lines) {
        return lines.stream().filter(l -> l.contains("\"role\":\"assistant\"")).toList();
    }

    private static List<String> assistantLines(Path conversations) {
        return lines(conversations).stream()
                .filter(l -> l.contains("\"role\":\"assistant\""))
                .toList();
    }

    private static List<String> lines(Path conversations) {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(conversations)) {
            return out;
        }
        try (Stream<Path> files = Files.list(conversations)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).toList()) {
                out.addAll(Files.readAllLines(f));
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return out;
    }

    /** The scripted model, with a contact line appended to every answer. */
    private record Leaky(LlmProvider inner, Executor callbacks) implements LlmProvider {
        @Override
        public String kind() {
            return inner.kind();
        }

        @Override
        public CompletionStage<LlmResponse> complete(LlmRequest request) {
            return inner.complete(request)
                    .thenApplyAsync(
                            r -> new LlmResponse(
                                    r.model(),
                                    r.text() + " Contact " + EMAIL + ", SSN " + SSN + ".",
                                    r.toolCalls(),
                                    r.usage(),
                                    r.stopReason()),
                            callbacks);
        }
    }
}
