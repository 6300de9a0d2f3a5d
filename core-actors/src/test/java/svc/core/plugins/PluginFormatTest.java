package svc.core.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.hooks.HookEvent;

/** The plugin format on the sample plugin and on broken ones; archives packed and unpacked. */
class PluginFormatTest {

    static final Path SAMPLE =
            Path.of("../examples/plugins/sample").toAbsolutePath().normalize();
    static final PluginReader READER =
            new PluginReader(Set.of("director", "data-profiler")::contains, Set.of("load_skill")::contains);

    @Test
    void theSampleHasEverySurface() {
        PluginBundle b = READER.read(SAMPLE);
        assertThat(b.manifest().name()).isEqualTo("sample");
        assertThat(b.skills()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("ml-checklist");
            assertThat(s.content()).startsWith("# ML review checklist");
        });
        assertThat(b.agents()).singleElement().satisfies(a -> {
            assertThat(a.name()).isEqualTo("reviewer");
            assertThat(a.tools()).containsExactly("load_skill");
            assertThat(a.systemPrompt()).startsWith("You are the review agent");
        });
        assertThat(b.commands()).extracting(PluginBundle.Command::name).containsExactly("delegate-review", "review");
        assertThat(b.commands().get(1).body()).contains("$ARGUMENTS");
        assertThat(b.hooks()).extracting(h -> h.event()).containsExactly(HookEvent.PRE_TOOL, HookEvent.POST_TOOL);
        assertThat(b.hooks().get(0).timeout().toSeconds()).isEqualTo(10);
        assertThat(b.mcpServers()).containsKey("sample-notes");
        assertThat(b.drops().unsupportedHookTypes()).containsExactly("prompt");
    }

    @Test
    void everyProblemOfABrokenPluginIsReportedAtOnce(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("plugin.json"), "{\"name\": \"ok-name\", \"version\": 3}");
        Files.createDirectories(dir.resolve("skills/empty"));
        Files.createDirectories(dir.resolve("commands"));
        Files.writeString(dir.resolve("commands/go.md"), "---\nagent: nobody\n---\nDo $ARGUMENTS.");
        Files.createDirectories(dir.resolve("hooks"));
        Files.writeString(
                dir.resolve("hooks/hooks.json"),
                "{\"PreToolUse\": [{\"matcher\": \"(\", \"hooks\": []},"
                        + " {\"hooks\": [{\"type\": \"command\", \"command\": \"x\", \"timeout\": 90}]}]}");
        Files.writeString(
                dir.resolve(".mcp.json"), "{\"mcpServers\": {\"bad\": {\"transport\": {\"type\": \"ftp\"}}}}");
        assertThatThrownBy(() -> READER.read(dir))
                .isInstanceOfSatisfying(
                        PluginException.class,
                        e -> assertThat(e.problems())
                                .anyMatch(p -> p.startsWith("plugin.json: version must be"))
                                .anyMatch(p -> p.startsWith("plugin.json: description must be"))
                                .anyMatch(p -> p.equals("skills/empty/SKILL.md: missing"))
                                .anyMatch(p -> p.contains("commands/go.md: agent 'nobody'"))
                                .anyMatch(p -> p.contains(".matcher: not a regular expression"))
                                .anyMatch(p -> p.contains("timeout: 90 s is above the 60 s maximum"))
                                .anyMatch(p -> p.contains("/mcpServers/bad/transport/type") && p.contains("ftp")));
    }

    @Test
    void reservedAndShadowingNames(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("plugin.json"), "{\"name\":\"commands\",\"version\":\"1\",\"description\":\"\"}");
        assertThatThrownBy(() -> READER.read(dir)).hasMessageContaining("name 'commands' is reserved");
        Files.writeString(dir.resolve("plugin.json"), "{\"name\":\"p\",\"version\":\"1\",\"description\":\"\"}");
        Files.createDirectories(dir.resolve("agents"));
        Files.writeString(dir.resolve("agents/director.md"), "I lead now.");
        PluginBundle b = READER.read(dir);
        assertThat(b.agents()).isEmpty();
        assertThat(b.drops().dropped()).singleElement().satisfies(d -> {
            assertThat(d.surface()).isEqualTo("agent");
            assertThat(d.name()).isEqualTo("director");
        });
    }

    @Test
    void unknownEventsAndHookTypesAreDroppedAndTheTenEventsAccepted(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("plugin.json"), "{\"name\":\"p\",\"version\":\"1\",\"description\":\"\"}");
        Files.createDirectories(dir.resolve("hooks"));
        Files.writeString(
                dir.resolve("hooks/hooks.json"),
                "{\"hooks\": {\"AGENT_DELEGATE\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}],"
                        + " \"Nonsense\": [], \"PRE_LLM\": [{\"hooks\": [{\"type\": \"http\", \"url\": \"u\"}]}]}}");
        PluginBundle b = READER.read(dir);
        // Every one of the ten events is fired now: an AGENT_DELEGATE hook is taken, not dropped.
        assertThat(b.hooks())
                .singleElement()
                .satisfies(h -> assertThat(h.event()).isEqualTo(HookEvent.AGENT_DELEGATE));
        assertThat(b.drops().unsupportedHookTypes()).containsExactly("http");
        assertThat(b.drops().dropped())
                .extracting(PluginBundle.Dropped::reason)
                .noneMatch(r -> r.contains("does not fire"))
                .anyMatch(r -> r.contains("not one of the ten hook events"))
                .anyMatch(r -> r.contains("type http"));
    }

    @Test
    void packedArchivesAreStableAndUnpackToTheSamePlugin(@TempDir Path dir) {
        byte[] first = PluginArchive.pack(SAMPLE, 1 << 20);
        assertThat(PluginArchive.pack(SAMPLE, 1 << 20)).isEqualTo(first);
        Path root = PluginArchive.unpack(new ByteArrayInputStream(first), dir, 1 << 20);
        assertThat(READER.read(root)).isEqualTo(READER.read(SAMPLE));
        assertThat(Files.isExecutable(root.resolve("hooks/guard.sh"))).isTrue();
    }

    @Test
    void theSizeCapHoldsForPackingAndUnpacking(@TempDir Path dir) {
        assertThatThrownBy(() -> PluginArchive.pack(SAMPLE, 100)).hasMessageContaining("size cap");
        byte[] archive = PluginArchive.pack(SAMPLE, 1 << 20);
        assertThatThrownBy(() -> PluginArchive.unpack(new ByteArrayInputStream(archive), dir, 100))
                .hasMessageContaining("more than the plugin size cap");
    }
}
