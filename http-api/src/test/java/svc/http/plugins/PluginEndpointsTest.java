package svc.http.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.core.hooks.HookEvent;
import svc.core.plugins.PluginArchive;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;
import svc.persistence.plugins.HookExecutionRow;
import svc.persistence.plugins.PluginRepository;

/**
 * The sample plugin over real HTTP: install from a .tar.gz upload and from a server path, the
 * install-drops, refusals (bad plugin.json, path escape, link out, duplicate), the reviewer agent,
 * its commands as task runs (one through the director's delegation), the PRE_TOOL guard that
 * blocks only while plugin_shell_hooks_enabled is on, the POST_TOOL mutation, the audit rows and
 * metrics, each flag switching its surface off, and removal.
 */
@ExtendWith(ServerExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PluginEndpointsTest {

    static final Path SAMPLE =
            Path.of("../examples/plugins/sample").toAbsolutePath().normalize();
    static final String REVIEWER = "plugin-sample::reviewer";

    private final TestServer server;
    private final Api api;

    PluginEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @BeforeAll
    void installTheSample() {
        Api.Reply installed = upload(PluginArchive.pack(SAMPLE, 1 << 20));
        assertThat(installed.status()).as(installed.text()).isEqualTo(201);
    }

    @AfterAll
    void removeTheSample() {
        api.delete("/api/v1/plugins/sample", Api.apiKey());
    }

    private Api.Reply upload(byte[] archive) {
        return api.send(api.request("/api/v1/plugins")
                .header("X-API-Key", TestServer.API_KEY)
                .header("Content-Type", "application/gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(archive))
                .build());
    }

    private void flag(String name, boolean on) {
        Api.Reply r = api.post("/api/v1/features/" + name, "{\"enabled\":" + on + "}", Api.apiKey());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        // Both test servers read the shared overrides; the platform follows the last one wired.
        server.eventually(
                20, () -> assertThat(server.platform.plugins().enabled(name)).isEqualTo(on));
    }

    /** Back to the default, and waits until the platform sees it, so the next test starts clean. */
    private void reset(String name) {
        api.delete("/api/v1/features/" + name, Api.apiKey());
        boolean byDefault = !name.equals("plugin_shell_hooks_enabled");
        server.eventually(
                20, () -> assertThat(server.platform.plugins().enabled(name)).isEqualTo(byDefault));
    }

    @Test
    void theSampleIsListedWithItsSurfacesAndInstallDrops() {
        JsonNode list = api.get("/api/v1/plugins", Api.apiKey()).json();
        assertThat(list.path("items")).anySatisfy(p -> {
            assertThat(p.path("name").asText()).isEqualTo("sample");
            assertThat(p.path("version").asText()).isEqualTo("1.0.0");
            assertThat(p.path("skills").asInt()).isEqualTo(1);
            assertThat(p.path("commands").asInt()).isEqualTo(2);
            assertThat(p.path("hooks").asInt()).isEqualTo(2);
        });
        JsonNode detail = api.get("/api/v1/plugins/sample", Api.apiKey()).json();
        assertThat(detail.path("agents").get(0).asText()).isEqualTo(REVIEWER);
        assertThat(detail.path("mcp_servers")
                        .path("sample-notes")
                        .path("transport")
                        .path("type")
                        .asText())
                .isEqualTo("stdio");
        JsonNode drops = detail.path("install_drops");
        assertThat(drops.path("unsupported_hook_types"))
                .containsExactly(Json.MAPPER.getNodeFactory().textNode("prompt"));
        assertThat(drops.path("dropped"))
                .anySatisfy(d -> {
                    assertThat(d.path("surface").asText()).isEqualTo("hook");
                    assertThat(d.path("reason").asText()).contains("type prompt");
                })
                .noneSatisfy(d -> assertThat(d.path("surface").asText())
                        .as("the MCP client takes the plugin's servers")
                        .isEqualTo("mcp_server"));
        Api.Reply again = upload(PluginArchive.pack(SAMPLE, 1 << 20));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().path("detail").asText()).contains("sample is already installed");
    }

    @Test
    void badPluginsAreRefusedNamingWhatIsWrong() throws IOException {
        Path dir = Files.createTempDirectory("bad-plugin");
        Files.writeString(dir.resolve("plugin.json"), "{\"name\":\"Bad Name\",\"version\":\"1\"}");
        Files.createDirectories(dir.resolve("agents"));
        Files.writeString(dir.resolve("agents/data-profiler.md"), "---\ndescription: x\n---\nI shadow.");
        Api.Reply bad = upload(PluginArchive.pack(dir, 1 << 20));
        assertThat(bad.status()).as(bad.text()).isEqualTo(400);
        assertThat(bad.json().path("type").asText()).endsWith("validation-error");
        assertThat(bad.text()).contains("plugin.json: name must be").contains("plugin.json: description must be");

        Api.Reply escape = upload(tarGz(List.of(entry("plugin.json", "{}"), entry("../evil.sh", "echo"))));
        assertThat(escape.status()).as(escape.text()).isEqualTo(400);
        assertThat(escape.text()).contains("../evil.sh escapes the plugin directory");

        TarArchiveEntry link = new TarArchiveEntry("hooks/out", TarArchiveEntry.LF_SYMLINK);
        link.setLinkName("../../../etc/passwd");
        Api.Reply linkOut = upload(tarGz(List.of(entry("plugin.json", "{}"), new Item(link, null))));
        assertThat(linkOut.status()).as(linkOut.text()).isEqualTo(400);
        assertThat(linkOut.text()).contains("hooks/out is a link to ../../../etc/passwd, outside the plugin");

        Api.Reply notGzip = upload("not an archive".getBytes(StandardCharsets.UTF_8));
        assertThat(notGzip.status()).isEqualTo(400);
        assertThat(notGzip.text()).contains("not a readable .tar.gz");
    }

    @Test
    void aPluginWhoseAgentWouldShadowABuiltInIsInstalledWithoutItVisibly() throws IOException {
        Path dir = Files.createTempDirectory("shadow-plugin");
        Files.writeString(
                dir.resolve("plugin.json"), "{\"name\":\"shadow\",\"version\":\"0.1\",\"description\":\"d\"}");
        Files.createDirectories(dir.resolve("agents"));
        Files.writeString(dir.resolve("agents/data-profiler.md"), "---\ndescription: x\n---\nI shadow.");
        Files.writeString(dir.resolve("agents/helper.md"), "---\ntools: load_skill, no_such_tool\n---\nI help.");
        Api.Reply outside =
                api.post("/api/v1/plugins", Json.write(Json.object().put("path", dir.toString())), Api.apiKey());
        assertThat(outside.status())
                .as("a server path must be under the data roots")
                .isEqualTo(400);
        assertThat(outside.text()).contains("is outside the data roots");
        Api.Reply r = upload(PluginArchive.pack(dir, 1 << 20));
        try {
            assertThat(r.status()).as(r.text()).isEqualTo(201);
            assertThat(r.json().path("agents")).hasSize(1);
            assertThat(r.json().path("agents").get(0).asText()).isEqualTo("plugin-shadow::helper");
            assertThat(r.json().path("install_drops").path("dropped"))
                    .anySatisfy(d -> {
                        assertThat(d.path("surface").asText()).isEqualTo("agent");
                        assertThat(d.path("name").asText()).isEqualTo("data-profiler");
                        assertThat(d.path("reason").asText()).contains("never shadows");
                    })
                    .anySatisfy(d -> assertThat(d.path("name").asText()).isEqualTo("helper:no_such_tool"));
            assertThat(server.platform.agents().get("data-profiler").team()).isEqualTo("data");
        } finally {
            assertThat(api.delete("/api/v1/plugins/shadow", Api.apiKey()).status())
                    .isEqualTo(200);
        }
        assertThat(api.get("/api/v1/plugins/shadow", Api.apiKey()).status()).isEqualTo(404);
    }

    @Test
    void theReviewerIsAPluginAgentUntilItsFlagIsOff() {
        JsonNode agents = api.get("/plugins/agents?plugin=sample", Api.apiKey()).json();
        assertThat(agents.path("items")).hasSize(1);
        JsonNode reviewer =
                api.get("/api/v1/plugins/agents/" + REVIEWER, Api.apiKey()).json();
        assertThat(reviewer.path("tier").asText()).isEqualTo("worker");
        assertThat(reviewer.path("tools").toString()).contains("load_skill");
        assertThat(reviewer.path("delegation_tool").asText()).isEqualTo("transfer_to_plugin-sample__reviewer");
        assertThat(server.platform.agents().director().delegates()).contains(REVIEWER);
        try {
            flag("plugin_agents_enabled", false);
            Api.Reply off = api.get("/plugins/agents", Api.apiKey());
            assertThat(off.status()).isEqualTo(404);
            assertThat(off.text()).contains("plugin_agents_enabled");
            assertThat(server.platform.agents().find(REVIEWER)).isEmpty();
            assertThat(server.platform.agents().director().delegates()).doesNotContain(REVIEWER);
        } finally {
            reset("plugin_agents_enabled");
        }
        server.eventually(
                20, () -> assertThat(server.platform.agents().find(REVIEWER)).isPresent());
    }

    @Test
    void aCommandSubstitutesItsArgumentsAndItsAgentLoadsTheSkill() {
        JsonNode commands = api.get("/api/v1/plugins/commands", Api.apiKey()).json();
        assertThat(commands.path("items")).anySatisfy(c -> {
            assertThat(c.path("qname").asText()).isEqualTo("sample:review");
            assertThat(c.path("agent").asText()).isEqualTo(REVIEWER);
        });
        Api.Reply r =
                api.post("/plugins/commands/sample:review/invoke", "{\"arguments\":\"the churn model\"}", Api.apiKey());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode done = r.json();
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("succeeded");
        assertThat(done.path("agent").asText()).isEqualTo(REVIEWER);
        assertThat(done.path("answer").asText()).contains("load_skill finished").contains("Leakage");
        String runId = done.path("run_id").asText();
        JsonNode run = api.get("/api/v1/pipelines/" + runId, Api.apiKey()).json();
        assertThat(run.path("problem").asText())
                .startsWith("Review the churn model against the sample ML checklist")
                .doesNotContain("$ARGUMENTS");
        assertThat(run.path("template").asText()).isEqualTo("plugin_command");
    }

    @Test
    void theDirectorDelegatesACommandToThePluginAgent() {
        Api.Reply r = api.post(
                "/plugins/commands/sample:delegate-review/invoke", "{\"arguments\":\"the fraud model\"}", Api.apiKey());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        JsonNode done = r.json();
        assertThat(done.path("state").asText()).as(done.toString()).isEqualTo("succeeded");
        assertThat(done.path("agent").asText())
                .isEqualTo(server.platform.agents().director().name());
        assertThat(done.path("answer").asText())
                .contains(REVIEWER + " answered")
                .contains("ml-checklist");
    }

    @Test
    void commandsVanishWithTheirFlag() {
        try {
            flag("plugin_commands_enabled", false);
            Api.Reply list = api.get("/plugins/commands", Api.apiKey());
            assertThat(list.status()).isEqualTo(404);
            assertThat(list.text()).contains("plugin_commands_enabled");
            assertThat(api.post("/plugins/commands/sample:review/invoke", "{}", Api.apiKey())
                            .status())
                    .isEqualTo(404);
        } finally {
            reset("plugin_commands_enabled");
        }
    }

    @Test
    void theGuardHookBlocksOnlyWhileShellHooksAreOn() throws Exception {
        String forbidden = Json.write(Json.object()
                .put("agent", REVIEWER)
                .put("tool", "load_skill")
                .set("arguments", Json.object().put("name", "sample:forbidden")));
        String allowed = Json.write(Json.object()
                .put("agent", REVIEWER)
                .put("tool", "load_skill")
                .set("arguments", Json.object().put("name", "sample:ml-checklist")));
        Api.Reply before = api.post("/api/v1/tools/invoke", forbidden, Api.apiKey());
        assertThat(before.status())
                .as("the experiment is off: the hook does not run")
                .isEqualTo(200);
        assertThat(before.text()).contains("no skill named");
        PluginRepository audit = new PluginRepository(server.platform.database().dataSource());
        int rowsBefore = audit.executions("sample", 1000).size();
        try {
            flag("plugin_shell_hooks_enabled", true);
            Api.Reply blocked = api.post("/api/v1/tools/invoke", forbidden, Api.apiKey());
            assertThat(blocked.status()).as(blocked.text()).isEqualTo(403);
            assertThat(blocked.json().path("rule_source").asText()).isEqualTo("hook");
            assertThat(blocked.json().path("detail").asText())
                    .contains("blocked by hook sample:hooks/hooks.json#PRE_TOOL[0]")
                    .contains("the sample guard does not hand out forbidden skills");

            Api.Reply stamped = api.post("/api/v1/tools/invoke", allowed, Api.apiKey());
            assertThat(stamped.status()).as(stamped.text()).isEqualTo(200);
            assertThat(stamped.json().path("result").path("reviewed_by").asText())
                    .isEqualTo("sample-plugin");
            assertThat(stamped.json().path("result").path("content").asText()).contains("Leakage");

            List<HookExecutionRow> rows = audit.executions("sample", 1000);
            assertThat(rows.size() - rowsBefore).as("one row per execution").isEqualTo(3);
            assertThat(rows.get(2).outcome()).isEqualTo("blocked");
            assertThat(rows.get(2).exitCode()).isEqualTo(2);
            assertThat(rows.get(0).outcome()).isEqualTo("allowed");
            List<String> metrics = api.get("/metrics").text().lines().toList();
            assertThat(metrics)
                    .anySatisfy(l -> assertThat(l)
                            .startsWith("svc_plugin_shell_executions_total{")
                            .contains("exit_code=\"2\"")
                            .contains("plugin=\"sample\""))
                    .anySatisfy(l -> assertThat(l)
                            .startsWith("svc_hook_runs_total{")
                            .contains("event=\"PRE_TOOL\"")
                            .contains("plugin=\"sample\""))
                    .anySatisfy(l ->
                            assertThat(l).startsWith("svc_hook_runs_total{").contains("event=\"POST_TOOL\""));
        } finally {
            reset("plugin_shell_hooks_enabled");
        }
        server.eventually(
                20,
                () -> assertThat(server.platform.plugins().enabled("plugin_shell_hooks_enabled"))
                        .isFalse());
        assertThat(api.post("/api/v1/tools/invoke", forbidden, Api.apiKey()).status())
                .isEqualTo(200);
    }

    @Test
    void hooksEnabledOffStopsEveryPluginHook() {
        try {
            flag("plugin_shell_hooks_enabled", true);
            flag("hooks_enabled", false);
            assertThat(server.platform.hooks().active(HookEvent.PRE_TOOL)).isEmpty();
            String forbidden = Json.write(Json.object()
                    .put("agent", REVIEWER)
                    .put("tool", "load_skill")
                    .set("arguments", Json.object().put("name", "sample:forbidden")));
            assertThat(api.post("/api/v1/tools/invoke", forbidden, Api.apiKey()).status())
                    .isEqualTo(200);
        } finally {
            reset("hooks_enabled");
            reset("plugin_shell_hooks_enabled");
        }
    }

    // ---- archives by hand, for the refusals --------------------------------------------------

    private record Item(TarArchiveEntry entry, byte[] content) {}

    private static Item entry(String name, String content) {
        TarArchiveEntry e = new TarArchiveEntry(name);
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        e.setSize(bytes.length);
        return new Item(e, bytes);
    }

    private static byte[] tarGz(List<Item> items) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(out))) {
            for (Item i : items) {
                tar.putArchiveEntry(i.entry());
                if (i.content() != null) {
                    tar.write(i.content());
                }
                tar.closeArchiveEntry();
            }
        }
        return out.toByteArray();
    }
}
