package svc.core.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;
import svc.core.tools.ml.StandardTools;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;
import svc.governance.sandbox.Sandbox;

/**
 * {@code execute_python} and {@code execute_shell} on a temporary run directory, with the
 * subprocess sandbox. Skipped, by assumption, only when python3 is not on PATH.
 */
class SandboxToolsTest {

    private static final SandboxSettings SETTINGS =
            new SandboxSettings("subprocess", false, 256, 10, Duration.ofSeconds(20), "unused");
    private static Map<String, Tool> tools;

    @TempDir
    Path runDir;

    private ToolContext ctx;

    @BeforeAll
    static void tools() {
        assumeTrue(isOnPath("python3"), "python3 is not on PATH: the sandboxed tools need it");
        Sandbox sandbox = Sandbox.create("subprocess", true, "unused");
        tools = new HashMap<>();
        SandboxTools.all(sandbox, SETTINGS, new EgressPolicy(EgressAllowlist.none()))
                .forEach(t -> tools.put(t.name(), t));
    }

    @BeforeEach
    void run() throws IOException {
        Files.writeString(runDir.resolve("run.json"), "{\"target\":\"income\",\"rows\":32561}");
        ctx = new ToolContext("run-1", "data-profiler", runDir, Map.of());
    }

    @Test
    void pythonReadsTheRunsFilesAndPrints() throws Exception {
        ToolResult r = call(
                "execute_python",
                Map.of(
                        "code",
                        "import json, os\nrun = json.load(open(os.path.join(os.environ['SVC_RUN_DIR'], "
                                + "'run.json')))\nprint(run['rows'] * 2)\n"));
        JsonNode out = Json.parse(r.contentJson());
        assertThat(r.ok()).as(r.contentJson()).isTrue();
        assertThat(out.path("stdout").asText().strip()).isEqualTo("65122");
        assertThat(out.path("exit_code").asInt()).isZero();
        assertThat(out.path("limit").isNull()).isTrue();
        assertThat(out.path("driver").asText()).isEqualTo("subprocess");
    }

    @Test
    void pythonMayWriteUnderNotesButNotElsewhereInTheRun() throws Exception {
        ToolResult notes = call(
                "execute_python",
                Map.of(
                        "code",
                        "import os\nopen(os.path.join(os.environ['SVC_RUN_DIR'], 'notes', 'n.txt'), "
                                + "'w').write('seen')\n"));
        assertThat(notes.ok()).as(notes.contentJson()).isTrue();
        assertThat(runDir.resolve("notes/n.txt")).hasContent("seen");

        ToolResult overwrite = call(
                "execute_python",
                Map.of(
                        "code",
                        "import os\nopen(os.path.join(os.environ['SVC_RUN_DIR'], 'run.json'), 'w').write('{}')\n"));
        assertThat(overwrite.ok()).isFalse();
        assertThat(Json.parse(overwrite.contentJson()).path("limit").asText()).isEqualTo("path");
        assertThat(runDir.resolve("run.json")).content().contains("32561");
    }

    @Test
    void pythonCannotReadOutsideTheRunOrReachTheNetwork() throws Exception {
        ToolResult passwd = call("execute_python", Map.of("code", "print(open('/etc/passwd').read())\n"));
        assertThat(Json.parse(passwd.contentJson()).path("limit").asText()).isEqualTo("path");
        ToolResult net = call(
                "execute_python",
                Map.of("code", "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:1')\n"));
        assertThat(Json.parse(net.contentJson()).path("limit").asText()).isEqualTo("network");
    }

    @Test
    void aShorterTimeoutStopsASleepingScript() throws Exception {
        ToolResult r = call("execute_python", Map.of("code", "import time\ntime.sleep(30)\n", "timeout_sec", 1));
        assertThat(r.ok()).isFalse();
        assertThat(Json.parse(r.contentJson()).path("limit").asText()).isEqualTo("timeout");
    }

    @Test
    void aTimeoutAboveThePlatformsIsCappedAndSaysSo() throws Exception {
        ToolResult r = call("execute_python", Map.of("code", "print('hi')\n", "timeout_sec", 3600));
        assertThat(r.ok()).isTrue();
        assertThat(Json.parse(r.contentJson()).path("note").asText()).contains("20 s was used");
    }

    @Test
    void missingCodeIsAnErrorTheModelCanRead() throws Exception {
        ToolResult r = call("execute_python", Map.of());
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson()).contains("needs 'code'");
    }

    @Test
    void theShellCountsLinesOfARunFile() throws Exception {
        Files.writeString(runDir.resolve("rows.csv"), "a,b\n1,2\n3,4\n");
        ToolResult r = call("execute_shell", Map.of("command", "wc -l < \"$SVC_RUN_DIR/rows.csv\""));
        assertThat(r.ok()).as(r.contentJson()).isTrue();
        assertThat(Json.parse(r.contentJson()).path("stdout").asText().strip()).isEqualTo("3");
    }

    @Test
    void theShellRefusesOutputRedirectionAndSlashedCommands() throws Exception {
        ToolResult write = call("execute_shell", Map.of("command", "echo x > \"$SVC_RUN_DIR/run.json\""));
        assertThat(write.ok()).isFalse();
        assertThat(Json.parse(write.contentJson()).path("stderr").asText()).contains("restricted");
        assertThat(runDir.resolve("run.json")).content().contains("32561");
        ToolResult slash = call("execute_shell", Map.of("command", "/usr/bin/id"));
        assertThat(slash.ok()).isFalse();
    }

    @Test
    void theStandardRegistryOffersAllThreeTools() {
        ToolRegistry registry = StandardTools.registry((content, pdf) -> null, List.copyOf(tools.values()));
        assertThat(tools).containsOnlyKeys("execute_python", "execute_shell", "http_get");
        assertThat(tools.keySet())
                .allSatisfy(name -> assertThat(registry.find(name)).isPresent());
    }

    private ToolResult call(String tool, Map<String, Object> args) throws Exception {
        return tools.get(tool).invoke(ctx, Json.MAPPER.valueToTree(args));
    }

    private static boolean isOnPath(String name) {
        return List.of(System.getenv().getOrDefault("PATH", "").split(":")).stream()
                .anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }
}
