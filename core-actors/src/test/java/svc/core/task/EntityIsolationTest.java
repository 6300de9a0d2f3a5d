package svc.core.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the entities apart: a run, an agent, the admission queue and a model name's deployments
 * reach one another only through the ports of this package, so none of their packages names
 * another's (nor the platform that wires them), and this package names none of them. (The
 * deployments use the run package's error types and gate states, which are not the run entity.)
 */
class EntityIsolationTest {

    private static final Path SOURCES = Path.of("src/main/java/svc/core");

    /** Package under test, and the packages it must not mention. */
    private static final Map<String, Set<String>> FORBIDDEN = Map.of(
            "run", Set.of("agent", "admission", "platform", "deploy"),
            "agent", Set.of("run", "admission", "platform", "deploy"),
            "admission", Set.of("run", "agent", "platform", "deploy"),
            "deploy", Set.of("agent", "admission", "platform"),
            "task", Set.of("run", "agent", "admission", "platform", "deploy"));

    private static final Pattern REFERENCE = Pattern.compile("\\bsvc\\.core\\.([a-z]+)\\b");

    @Test
    void noEntityPackageNamesAnotherEntitysPackage() throws IOException {
        List<String> violations = new ArrayList<>();
        for (var rule : FORBIDDEN.entrySet()) {
            Path dir = SOURCES.resolve(rule.getKey());
            assertThat(dir).isDirectory();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = REFERENCE.matcher(Files.readString(file));
                    while (m.find()) {
                        if (rule.getValue().contains(m.group(1))) {
                            violations.add(SOURCES.relativize(file) + " names svc.core." + m.group(1));
                        }
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void theRuleSeesAReference() {
        // The scan must catch an import as well as a fully qualified name, or it proves nothing.
        assertThat(REFERENCE.matcher("import svc.core.agent.AgentEntity;").find())
                .isTrue();
        Matcher m = REFERENCE.matcher("var x = new svc.core.run.RunEntity.Admit();");
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isEqualTo("run");
    }
}
