package svc.cli.supplychain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code .ci/check-signed-commits.sh} on a throwaway repository whose commits are signed with a
 * throwaway SSH key (git's {@code gpg.format=ssh}, verified through an allowed-signers file): all
 * signed passes, one unsigned commit fails naming it, a commit signed by a key outside the
 * allowed signers fails too, and a base that is no commit is a usage error.
 */
class SignedCommitsScriptTest {

    private static final Path SCRIPT =
            Path.of("../.ci/check-signed-commits.sh").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private Path repo;

    record Result(int code, String output) {}

    @BeforeEach
    void repository() throws Exception {
        assumeTrue(onPath("git") && onPath("ssh-keygen"), "git and ssh-keygen are needed");
        repo = Files.createDirectories(dir.resolve("repo"));
        Path key = dir.resolve("id_ed25519");
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ci@example.com", "-f", key.toString());
        Files.writeString(
                dir.resolve("allowed_signers"),
                "ci@example.com " + Files.readString(Path.of(key + ".pub")).strip() + "\n");
        git("init", "-q", "-b", "main");
        git("config", "user.name", "CI");
        git("config", "user.email", "ci@example.com");
        git("config", "gpg.format", "ssh");
        git("config", "user.signingkey", key.toString());
        git(
                "config",
                "gpg.ssh.allowedSignersFile",
                dir.resolve("allowed_signers").toString());
        commit("base", true);
    }

    @Test
    void signedCommitsPassAndAnUnsignedOneFailsNamed() throws Exception {
        String base = git("rev-parse", "HEAD").output().strip();
        commit("signed one", true);
        commit("signed two", true);
        Result ok = script(base);
        assertThat(ok.code()).as(ok.output()).isZero();
        assertThat(ok.output()).contains("signed commits: all 2 commit(s) in " + base + "..HEAD verify");

        commit("sneaked in", false);
        commit("signed three", true);
        Result bad = script(base);
        assertThat(bad.code()).as(bad.output()).isEqualTo(1);
        assertThat(bad.output())
                .containsPattern("signed commits: [0-9a-f]{7,} CI: sneaked in has no signature that verifies")
                .contains("signed commits: 1 of 4 commit(s) in " + base + "..HEAD do not verify")
                .doesNotContain("signed three has no signature");
    }

    @Test
    void aKeyOutsideTheAllowedSignersFails() throws Exception {
        String base = git("rev-parse", "HEAD").output().strip();
        Path stranger = dir.resolve("stranger");
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "x@example.com", "-f", stranger.toString());
        git("-c", "user.signingkey=" + stranger, "commit", "-q", "-S", "--allow-empty", "-m", "by a stranger");
        Result r = script(base);
        assertThat(r.code()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("by a stranger has no signature that verifies");
    }

    @Test
    void aBaseThatIsNoCommitIsAUsageError() throws Exception {
        Result r = script("no-such-ref");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.output()).contains("signed commits: base 'no-such-ref' is not a commit");
    }

    private void commit(String message, boolean signed) throws Exception {
        List<String> args = new ArrayList<>(List.of("commit", "-q", "--allow-empty", "-m", message));
        args.add(signed ? "-S" : "--no-gpg-sign");
        Result r = git(args.toArray(String[]::new));
        assertThat(r.code()).as(r.output()).isZero();
    }

    private Result script(String base) throws Exception {
        return run(repo, Map.of(), "bash", SCRIPT.toString(), base);
    }

    private Result git(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        return run(repo, cmd.toArray(String[]::new));
    }

    private Result run(Path cwd, String... cmd) throws Exception {
        return run(cwd, Map.of(), cmd);
    }

    private Result run(Path cwd, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true);
        // Neither the user's nor the machine's git configuration may sign or verify for the test.
        pb.environment()
                .put("GIT_CONFIG_GLOBAL", dir.resolve("no-global-config").toString());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().remove("SVC_SIGNED_COMMITS_BASE");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", cmd)).isTrue();
        return new Result(p.exitValue(), out);
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
