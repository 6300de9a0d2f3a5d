package svc.core.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.telemetry.Tracing;
import svc.governance.sandbox.Sandbox;
import svc.persistence.plugins.HookExecutionRow;

/**
 * Shell hooks in the real sandbox: exit code 2 blocks with the hook named, a {@code mutation} on
 * stdout is lifted, the command is checked at each run (shell syntax, files outside the plugin),
 * the environment is scrubbed, a timeout is a failed hook rather than a block, one audit row per
 * execution; and the pipeline's flags.
 */
class ShellHookTest {

    @TempDir
    static Path plugin;

    static final List<HookExecutionRow> AUDIT = new CopyOnWriteArrayList<>();
    static ShellHook.Runtime runtime;

    @BeforeAll
    static void sandbox() throws IOException {
        runtime = new ShellHook.Runtime(
                Sandbox.create("subprocess", false, ""), 256, 5, AUDIT::add, HookListener.NONE, Clock.systemUTC());
        script("block.sh", "#!/bin/sh\nif grep -q '\"danger\"'; then echo 'no danger today' >&2; exit 2; fi\n");
        script("mutate.sh", "#!/bin/sh\ncat >/dev/null\necho '{\"mutation\": {\"checked\": true}}'\n");
        script("env.sh", "#!/bin/sh\ncat >/dev/null\nenv | sort >&2\nexit 3\n");
        script("sleep.sh", "#!/bin/sh\nsleep 30\n");
    }

    static void script(String name, String text) throws IOException {
        Path f = plugin.resolve(name);
        Files.writeString(f, text);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    static ShellHook hook(String command, Duration timeout) {
        return new ShellHook(
                "p:hooks/hooks.json#PRE_TOOL[0]",
                "p",
                new HookSpec(HookEvent.PRE_TOOL, null, command, timeout),
                plugin,
                runtime);
    }

    static HookInput input(String arg) {
        return new HookInput(
                HookEvent.PRE_TOOL,
                "run-1",
                "agent-a",
                "some_tool",
                Json.object().put("x", arg));
    }

    @Test
    void exitCodeTwoBlocksNamingTheHookAndZeroGoesOn() {
        AUDIT.clear();
        ShellHook h = hook("${CLAUDE_PLUGIN_ROOT}/block.sh", HookSpec.DEFAULT_TIMEOUT);
        HookResult blocked = h.run(input("danger"));
        assertThat(blocked.blocked()).isTrue();
        assertThat(blocked.denial()).isEqualTo("blocked by hook p:hooks/hooks.json#PRE_TOOL[0]: no danger today");
        assertThat(h.run(input("fine")).blocked()).isFalse();
        assertThat(AUDIT).extracting(HookExecutionRow::outcome).containsExactly("blocked", "allowed");
        assertThat(AUDIT.get(0).exitCode()).isEqualTo(2);
        assertThat(AUDIT.get(0).tool()).isEqualTo("some_tool");
    }

    @Test
    void aMutationOnStdoutIsLifted() {
        HookResult r = hook("sh ${SVC_PLUGIN_ROOT}/mutate.sh", HookSpec.DEFAULT_TIMEOUT)
                .run(input("x"));
        assertThat(r.blocked()).isFalse();
        assertThat(r.mutation().path("checked").asBoolean()).isTrue();
    }

    @Test
    void theEnvironmentIsScrubbed() {
        AUDIT.clear();
        hook("${CLAUDE_PLUGIN_ROOT}/env.sh", HookSpec.DEFAULT_TIMEOUT).run(input("x"));
        String env = AUDIT.get(0).detail();
        assertThat(AUDIT.get(0).outcome()).isEqualTo("failed");
        assertThat(env).contains("CLAUDE_PLUGIN_ROOT=" + plugin).contains("SVC_HOOK_EVENT=PRE_TOOL");
        assertThat(env).doesNotContain("JAVA_HOME").doesNotContain("MAVEN").doesNotContain("USER=");
    }

    @Test
    void commandsAreCheckedBeforeAnythingRuns() throws IOException {
        Path outside = Files.createTempFile("outside", ".sh");
        for (String bad : List.of(
                "${CLAUDE_PLUGIN_ROOT}/block.sh; rm -rf /",
                "${CLAUDE_PLUGIN_ROOT}/block.sh $(id)",
                "${CLAUDE_PLUGIN_ROOT}/../outside.sh",
                outside.toString(),
                "bash",
                "curl http://example.com")) {
            AUDIT.clear();
            HookResult r = hook(bad, HookSpec.DEFAULT_TIMEOUT).run(input("danger"));
            assertThat(r.blocked()).as(bad).isFalse();
            assertThat(AUDIT).as(bad).singleElement().satisfies(row -> {
                assertThat(row.outcome()).isEqualTo("refused");
                assertThat(row.exitCode()).isEqualTo(-1);
            });
        }
    }

    @Test
    void aHookThatOverrunsItsTimeoutFailsWithoutBlocking() {
        AUDIT.clear();
        HookResult r =
                hook("${CLAUDE_PLUGIN_ROOT}/sleep.sh", Duration.ofSeconds(1)).run(input("x"));
        assertThat(r.blocked()).isFalse();
        assertThat(AUDIT.get(0).outcome()).isEqualTo("failed");
        assertThat(AUDIT.get(0).detail()).contains("timeout");
    }

    @Test
    void thePipelineRunsCoreHooksAlwaysAndOthersByTheirFlags() {
        Hook core = new Hook() {
            public String name() {
                return "core-guard";
            }

            public String origin() {
                return HookPipeline.CORE;
            }

            public HookEvent event() {
                return HookEvent.PRE_TOOL;
            }

            public boolean matches(HookInput input) {
                return true;
            }

            public boolean shell() {
                return false;
            }

            public HookResult run(HookInput input) {
                return HookResult.mutate("core-guard", Json.object().put("core", 1));
            }
        };
        ShellHook block = hook("${CLAUDE_PLUGIN_ROOT}/block.sh", HookSpec.DEFAULT_TIMEOUT);
        Set<String> on = new HashSet<>();
        HookPipeline pipeline =
                new HookPipeline(List.of(core), List::of, () -> List.of(block), on::contains, Tracing.NOOP);
        assertThat(pipeline.run(input("danger")).blocked()).isFalse();
        assertThat(pipeline.run(input("danger")).mutation().path("core").asInt())
                .isEqualTo(1);
        on.add(HookPipeline.SHELL_FLAG);
        assertThat(pipeline.run(input("danger")).blocked())
                .as("hooks_enabled is off")
                .isFalse();
        on.add(HookPipeline.HOOKS_FLAG);
        assertThat(pipeline.run(input("danger")).blocked()).isTrue();
        on.remove(HookPipeline.SHELL_FLAG);
        assertThat(pipeline.active(HookEvent.PRE_TOOL)).containsExactly(core);
    }

    @Test
    void eachHookRunIsAHookRunSpan() {
        List<SpanData> spans = new CopyOnWriteArrayList<>();
        SpanExporter collector = new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> batch) {
                spans.addAll(batch);
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode flush() {
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode shutdown() {
                return CompletableResultCode.ofSuccess();
            }
        };
        try (Tracing tracing = Tracing.withExporter(collector, Map.of())) {
            HookPipeline pipeline = new HookPipeline(
                    List.of(),
                    List::of,
                    () -> List.of(hook("${CLAUDE_PLUGIN_ROOT}/block.sh", HookSpec.DEFAULT_TIMEOUT)),
                    flag -> true,
                    tracing);
            assertThat(pipeline.run(input("danger")).blocked()).isTrue();
            tracing.flush();
        }
        assertThat(spans).singleElement().satisfies(span -> {
            assertThat(span.getName()).isEqualTo("hook.run");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("event")))
                    .isEqualTo("PRE_TOOL");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("plugin")))
                    .isEqualTo("p");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("outcome")))
                    .isEqualTo("blocked");
            assertThat(span.getAttributes().get(AttributeKey.stringKey("run_id")))
                    .isEqualTo("run-1");
        });
    }

    @Test
    void aSettingsFileHookNamesItsProgramByAbsolutePath() {
        AUDIT.clear();
        HookSpec spec = new HookSpec(
                HookEvent.PRE_TOOL, "some_.*", plugin.resolve("block.sh").toString(), HookSpec.DEFAULT_TIMEOUT);
        ShellHook settings = new ShellHook("settings:hooks#PRE_TOOL[0]", HookPipeline.SETTINGS, spec, null, runtime);
        assertThat(settings.matches(input("danger"))).isTrue();
        assertThat(settings.run(input("danger")).denial()).startsWith("blocked by hook settings:hooks#PRE_TOOL[0]");
        HookSpec relative =
                new HookSpec(HookEvent.PRE_TOOL, null, "${CLAUDE_PLUGIN_ROOT}/block.sh", HookSpec.DEFAULT_TIMEOUT);
        assertThat(new ShellHook("s", HookPipeline.SETTINGS, relative, null, runtime)
                        .run(input("danger"))
                        .blocked())
                .isFalse();
        assertThat(AUDIT.get(AUDIT.size() - 1).outcome()).isEqualTo("refused");
    }
}
