package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.config.Json;

/** The BFSI baseline through the whole engine, with arguments built as real JSON objects. */
class BfsiPackTest {

    private final PermissionEngine engine = PermissionEngine.builder()
            .provider(ProfileRules.of(PermissionPacks.bfsiBaseline()))
            .build();

    private PermissionDecision call(String tool, Map<String, String> args) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        args.forEach(node::put);
        return engine.decide(PermissionRequest.forAgent("data_engineer", Role.OPERATOR, tool, node, "run-1"));
    }

    @Test
    void packHasTheFiveRulesWithTheirIdsAndSpecPriorities() {
        assertThat(PermissionPacks.bfsiBaseline())
                .extracting(PermissionRule::id)
                .containsExactly(
                        "bfsi-deny-shell",
                        "bfsi-deny-dangerous-python",
                        "bfsi-ask-deploy",
                        "bfsi-deny-pan",
                        "bfsi-deny-aadhaar");
        assertThat(PermissionPacks.bfsiBaseline()).allSatisfy(r -> {
            assertThat(r.source()).isEqualTo(RuleSource.PROFILE);
            assertThat(r.priority()).isEqualTo(r.behavior() == Behavior.DENY ? 60 : 45);
        });
    }

    @Test
    void shellIsDeniedWhateverTheArguments() {
        var d = call("execute_shell", Map.of("command", "ls"));
        assertThat(d.behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-shell");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "import os\nos.system('rm -rf /')",
                "import subprocess; subprocess.run(['ls'])",
                "x = eval(user_input)",
                "exec (code)",
                "m = __import__('os')",
                "import socket",
                "import shutil\nshutil.rmtree('/data')",
                "with open('/etc/passwd', 'w') as f: f.write('x')",
                "open(\"out.csv\", \"a\")",
                "f = open(p, mode='wb')",
                "f = open(p, 'r+')",
                "os.popen('id')",
            })
    void dangerousPythonIsDenied(String code) {
        var d = call("execute_python", Map.of("code", code));
        assertThat(d.behavior()).as(code).isEqualTo(Behavior.DENY);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-dangerous-python");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "import pandas as pd\ndf = pd.read_csv('data.csv')\nprint(df.describe())",
                "with open('data.csv') as f: rows = f.readlines()",
                "with open('data.csv', 'r') as f: pass",
                "import ast\nast.literal_eval('[1, 2]')",
                "evaluation = model.evaluate(x)",
                "executor = make_executor()",
                "websocket_count = 3",
                "reopen(path, 'w')",
            })
    void ordinaryPythonIsNotDeniedByThePack(String code) {
        var d = call("execute_python", Map.of("code", code));
        assertThat(d.behavior()).as(code).isEqualTo(Behavior.ALLOW);
        assertThat(d.matched()).isEmpty();
    }

    @Test
    void deploymentAsksForApproval() {
        var d = call("register_model_deployment", Map.of("model_id", "m-1"));
        assertThat(d.behavior()).isEqualTo(Behavior.ASK);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-ask-deploy");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"pan: ABCDE1234F", "ABCDE1234F", "line one\nABCDE1234F\n", "id=ABCDE1234F;", "\"ABCDE1234F\""})
    void writeFileWithPanIsDenied(String content) {
        var d = call("write_file", Map.of("path", "out.txt", "content", content));
        assertThat(d.behavior()).as(content).isEqualTo(Behavior.DENY);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-pan");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abcde1234f", "XABCDE1234F", "ABCDE1234FG", "ABCD1234F", "ABCDE12345"})
    void panLookalikesAreNotDenied(String content) {
        assertThat(call("write_file", Map.of("path", "out.txt", "content", content))
                        .behavior())
                .as(content)
                .isEqualTo(Behavior.ALLOW);
    }

    @ParameterizedTest
    @ValueSource(strings = {"234567890123", "2345 6789 0123", "9999-8888-7777", "aadhaar:\n234567890123"})
    void writeFileWithAadhaarIsDenied(String content) {
        var d = call("write_file", Map.of("path", "out.txt", "content", content));
        assertThat(d.behavior()).as(content).isEqualTo(Behavior.DENY);
        assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-aadhaar");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "134567890123",
                "0345 6789 0123",
                "2345 6789-0123",
                "23456789012",
                "2345678901234",
                "2345  6789 0123"
            })
    void aadhaarLookalikesAreNotDenied(String content) {
        assertThat(call("write_file", Map.of("path", "out.txt", "content", content))
                        .behavior())
                .as(content)
                .isEqualTo(Behavior.ALLOW);
    }

    @Test
    void otherToolsAreUntouchedByPatternsMeantForWriteFile() {
        assertThat(call("read_file", Map.of("path", "ABCDE1234F.txt")).behavior())
                .isEqualTo(Behavior.ALLOW);
        assertThat(Set.of(call("execute_python", Map.of("code", "print('ABCDE1234F')"))
                        .behavior()))
                .containsExactly(Behavior.ALLOW);
    }
}
