package svc.governance.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Each limit of G2 stops a script that breaks it, with the subprocess driver (the one these
 * machines can run). Skipped, by assumption, only when python3 is not on PATH.
 */
class SandboxLimitsEnforcedTest {

    private static Sandbox sandbox;

    @TempDir
    Path allowed;

    @BeforeAll
    static void subprocessSandbox() {
        assumeTrue(HostProbe.onPath("python3").isPresent(), "python3 is not on PATH: the sandbox tests need it");
        sandbox = Sandbox.create("subprocess", true, "unused");
    }

    private SandboxLimits limits() {
        return SandboxLimits.of(256, 10, Duration.ofSeconds(30)).withPaths(List.of(allowed), List.of());
    }

    @Test
    void aWellBehavedScriptReadsAnAllowedFileAndPrintsItsResult() throws IOException {
        Path numbers = Files.writeString(allowed.resolve("numbers.txt"), "3\n4\n5\n");
        SandboxResult r = sandbox.runPython(
                "import json\nvalues = [int(x) for x in open(" + pyString(numbers) + ").read().split()]\n"
                        + "print(json.dumps({'sum_of_squares': sum(v * v for v in values)}))\n",
                limits());
        assertThat(r.stderr()).isEmpty();
        assertThat(r.exitCode()).isZero();
        assertThat(r.stoppedBy()).isNull();
        assertThat(r.ok()).isTrue();
        assertThat(r.stdout().strip()).isEqualTo("{\"sum_of_squares\": 50}");
        assertThat(r.driver()).isEqualTo("subprocess");
    }

    @Test
    void allocatingTwoGigabytesUnderA256MegabyteLimitIsStoppedByMemory() {
        SandboxResult r =
                sandbox.runPython("block = bytearray(2 * 1024 ** 3)\nprint('allocated', len(block))\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.MEMORY);
        assertThat(r.stdout()).doesNotContain("allocated");
        assertThat(r.exitCode()).isNotZero();
    }

    @Test
    void aBusyLoopIsStoppedByOneSecondOfCpuTime() {
        SandboxLimits oneSecond = new SandboxLimits(256, 1, Duration.ofSeconds(60), false, List.of(), List.of(), 4096);
        SandboxResult r = sandbox.runPython("n = 0\nwhile True:\n    n += 1\n", oneSecond);
        assertThat(r.stoppedBy()).isEqualTo(Limit.CPU_TIME);
        assertThat(r.exitCode()).isEqualTo(Driver.SIGXCPU_EXIT);
    }

    @Test
    void urlopenWithTheNetworkOffIsStoppedByNetwork() {
        SandboxResult r = sandbox.runPython(
                "import urllib.request\nprint(urllib.request.urlopen('http://127.0.0.1:1').status)\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.NETWORK);
        assertThat(r.detail()).contains("network is off");
    }

    @Test
    void aRawSocketConnectWithTheNetworkOffIsStoppedByNetwork() {
        SandboxResult r = sandbox.runPython(
                "import socket\ns = socket.socket()\ns.connect(('127.0.0.1', 1))\nprint('connected')\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.NETWORK);
        assertThat(r.stdout()).doesNotContain("connected");
    }

    @Test
    void withoutThePreludeTheNetworkNamespaceAloneKeepsAScriptOffALiveListener() throws IOException {
        // Bypass the audit hook: run the driver's command line on a bare interpreter, against a
        // socket this JVM listens on. Allowed, it connects; with the network off there is no route.
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String connect = "import socket\nsocket.create_connection(('127.0.0.1', " + listener.getLocalPort()
                    + "), timeout=5)\nprint('connected')\n";
            Launch bare = new Launch(
                    Launch.Interpreter.PYTHON, List.of("-I", "-S", "-c", connect), limits(), allowed, allowed);
            SubprocessDriver driver = SubprocessDriver.probe();
            Map<String, String> env = Map.of("PATH", "/usr/bin:/bin");

            ProcessRunner.Finished online = ProcessRunner.run(
                    driver.command(new Launch(
                            bare.interpreter(), bare.arguments(), limits().withNetwork(true), allowed, allowed)),
                    allowed,
                    env,
                    Duration.ofSeconds(30),
                    4096);
            assertThat(online.stdout()).as(online.stderr()).contains("connected");

            ProcessRunner.Finished offline =
                    ProcessRunner.run(driver.command(bare), allowed, env, Duration.ofSeconds(30), 4096);
            assertThat(offline.stdout()).doesNotContain("connected");
            assertThat(offline.stderr()).contains("Network is unreachable");
        }
    }

    @Test
    void readingEtcPasswdWhenOnlyATempDirIsAllowedIsStoppedByPath() {
        SandboxResult r = sandbox.runPython("print(open('/etc/passwd').read())\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PATH);
        assertThat(r.detail()).contains("/etc/passwd");
        assertThat(r.stdout()).doesNotContain("root:");
    }

    @Test
    void writingIntoAReadOnlyAllowedPathIsStoppedByPath() {
        SandboxResult r =
                sandbox.runPython("open(" + pyString(allowed.resolve("x.txt")) + ", 'w').write('x')\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PATH);
        assertThat(allowed.resolve("x.txt")).doesNotExist();
    }

    @Test
    void aRelativePathWithDotDotIsStoppedByPath() {
        // os.open(..., dir_fd=) makes a relative path relative to a directory the event does not name.
        SandboxResult r = sandbox.runPython(
                "import os\nfd = os.open('.', os.O_RDONLY)\n"
                        + "print(os.read(os.open('../../../../../../etc/passwd', os.O_RDONLY, dir_fd=fd), 100))\n",
                limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PATH);
        assertThat(r.detail()).contains("may not contain '..'");
    }

    @Test
    void writingIntoAWritablePathWorks() {
        Path notes = allowed.resolve("notes");
        SandboxLimits l = limits().withPaths(List.of(allowed), List.of(notes));
        SandboxResult r = sandbox.runPython(
                "import os\nos.makedirs(" + pyString(notes) + ", exist_ok=True)\n" + "open("
                        + pyString(notes.resolve("n.txt")) + ", 'w').write('kept')\n",
                l);
        assertThat(r.ok()).as(r.stderr()).isTrue();
        assertThat(notes.resolve("n.txt")).hasContent("kept");
    }

    @Test
    void osSystemIsStoppedByProcess() {
        SandboxResult r = sandbox.runPython("import os\nos.system('id')\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PROCESS);
        assertThat(r.stdout()).doesNotContain("uid=");
    }

    @Test
    void signallingTheParentIsStoppedByProcess() {
        SandboxResult r = sandbox.runPython("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PROCESS);
    }

    @Test
    void theShellCannotSeeTheJvmToSignalIt() {
        // bash's kill builtin has no audit hook in front of it: the PID namespace hides every process outside.
        SandboxResult r = sandbox.runShell("kill -0 " + ProcessHandle.current().pid(), limits().withNetwork(true));
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.stderr()).contains("No such process");
    }

    @Test
    void aStrSubclassOrAPatchedOsPathDoesNotFoolThePathRule() {
        SandboxResult r = sandbox.runPython(
                "import posixpath, builtins\n"
                        + "class Sneaky(str):\n    def startswith(self, *a):\n        return True\n"
                        + "posixpath.realpath = lambda p, **k: " + pyString(allowed.resolve("x")) + "\n"
                        + "builtins.isinstance = lambda a, b: False\n"
                        + "print(open(Sneaky('/etc/passwd')).read())\n",
                limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PATH);
        assertThat(r.stdout()).doesNotContain("root:");
    }

    @Test
    void rewritingTheHooksDefaultsFromATracebackIsStoppedByProcess() {
        // The hook's frame is reachable from a caught refusal; its helpers are not changeable.
        SandboxResult r = sandbox.runPython(
                "try:\n    open('/etc/passwd')\nexcept PermissionError as e:\n"
                        + "    check = e.__traceback__.tb_next.tb_frame.f_locals['_check']\n"
                        + "check.__defaults__ = tuple(('/',) for _ in check.__defaults__)\n"
                        + "print(open('/etc/passwd').read())\n",
                limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PROCESS);
        assertThat(r.detail()).contains("__defaults__");
        assertThat(r.stdout()).doesNotContain("root:");
    }

    @Test
    void tracingIsStoppedByProcess() {
        SandboxResult r = sandbox.runPython("import sys\nsys.settrace(lambda *a: None)\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PROCESS);
    }

    @Test
    void subprocessIsStoppedByProcess() {
        SandboxResult r = sandbox.runPython("import subprocess\nsubprocess.run(['id'])\n", limits());
        assertThat(r.stoppedBy()).isEqualTo(Limit.PROCESS);
    }

    @Test
    void sleepingPastTheTimeoutIsStoppedByTimeout() {
        SandboxResult r = sandbox.runPython(
                "import time\ntime.sleep(30)\nprint('woke')\n", limits().withTimeout(Duration.ofSeconds(2)));
        assertThat(r.stoppedBy()).isEqualTo(Limit.TIMEOUT);
        assertThat(r.stdout()).doesNotContain("woke");
    }

    @Test
    void outputIsCappedAndTheScriptStillEnds() {
        SandboxLimits small = new SandboxLimits(256, 10, Duration.ofSeconds(30), false, List.of(), List.of(), 1000);
        SandboxResult r = sandbox.runPython("print('x' * 100000)\n", small);
        assertThat(r.exitCode()).isZero();
        assertThat(r.stdout()).hasSize(1000);
        assertThat(r.outputTruncated()).isTrue();
    }

    @Test
    void extraEnvironmentReachesTheScriptButCannotReplacePath() {
        SandboxResult r = sandbox.runPython(
                "import os\nprint(os.environ['SVC_RUN_DIR'], os.environ['PATH'])\n",
                limits(),
                Map.of("SVC_RUN_DIR", "/runs/r1", "PATH", "/evil"));
        assertThat(r.stdout().strip()).isEqualTo("/runs/r1 /usr/bin:/bin");
    }

    @Test
    void theSubprocessDriverWarnsOnEveryCall() {
        Logger logger = (Logger) LoggerFactory.getLogger(Sandbox.class);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        logger.addAppender(seen);
        try {
            sandbox.runPython("print(1)\n", limits());
            sandbox.runShell("true", limits());
        } finally {
            logger.detachAppender(seen);
        }
        assertThat(seen.list)
                .filteredOn(e -> e.getLevel() == Level.WARN)
                .hasSize(2)
                .allSatisfy(e -> assertThat(e.getFormattedMessage()).contains("subprocess driver"));
    }

    @Test
    void linesAScriptWritesIntoTheReportDoNotNameALimit() {
        // The report's descriptor is reachable from the script; junk there must not be mistaken for a refusal.
        SandboxResult r = sandbox.runPython(
                "import os\nfor fd in range(3, 10):\n    try:\n        os.write(fd, b'bogus\\tline\\n')\n"
                        + "    except OSError:\n        pass\nraise SystemExit(3)\n",
                limits());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.stoppedBy()).isNull();
    }

    @Test
    void theTemporaryDirectoryIsRemovedAfterwards() {
        SandboxResult r = sandbox.runPython("import os\nprint(os.getcwd())\n", limits());
        Path cwd = Path.of(r.stdout().strip());
        assertThat(cwd.getFileName().toString()).isEqualTo("work");
        assertThat(cwd.getParent()).doesNotExist();
    }

    @Test
    void theRestrictedShellRunsAllowedCommandsAndRefusesOthers() {
        SandboxResult ok = sandbox.runShell("seq 1 4 | wc -l", limits());
        assertThat(ok.stdout().strip()).isEqualTo("4");
        SandboxResult slash = sandbox.runShell("/usr/bin/id", limits());
        assertThat(slash.exitCode()).isNotZero();
        assertThat(slash.stderr()).contains("restricted");
        SandboxResult notOnPath = sandbox.runShell("python3 -c 'print(1)'", limits());
        assertThat(notOnPath.exitCode()).isEqualTo(127);
    }

    private static String pyString(Path p) {
        return "'" + p.toString().replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
