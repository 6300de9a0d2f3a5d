package svc.core.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataRootsTest {

    private static Config config(String dataDirs) {
        return ConfigFactory.parseMap(Map.of("svc.data-dirs", dataDirs)).withFallback(ConfigFactory.load());
    }

    private static DataRoots defaults(Path home) {
        return DataRoots.fromConfig(
                config(""), home, home.resolve("datasets"), Optional.of(home.resolve("db/svc")), Optional.empty());
    }

    @Test
    void byDefaultOnlyTheUploadDirectoryUnderHomeIsARootAndItIsCreated(@TempDir Path tmp) throws Exception {
        Path home = tmp.toRealPath().resolve("home");
        DataRoots roots = defaults(home);
        // The module's working directory has no data/ of its own: the upload directory alone.
        assertThat(roots.roots()).containsExactly(home.resolve("datasets"));
        Path inside = Files.writeString(home.resolve("datasets/a.csv"), "x,y\n1,2\n");
        assertThat(roots.permitted("dataset_path", inside.toString())).isEqualTo(inside);
        Path beside = Files.writeString(home.resolve("b.csv"), "x,y\n1,2\n");
        assertThatThrownBy(() -> roots.permitted("dataset_path", beside.toString()))
                .isInstanceOfSatisfying(
                        DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.OUTSIDE_ROOTS))
                .hasMessageStartingWith("dataset_path: " + beside + " is outside the data roots (SVC_DATA_DIRS: ");
    }

    @Test
    void theWorkingDirectorysDataIsARootByDefaultWhenThereIsOne(@TempDir Path tmp) throws Exception {
        // The server started from a checkout reads its bundled data (the dashboard's preset names it).
        Path base = tmp.toRealPath();
        Path checkout = Files.createDirectories(base.resolve("checkout/data/german_credit"))
                .getParent()
                .getParent();
        Path home = base.resolve("home");
        DataRoots roots = DataRoots.fromConfig(
                config(""), home, home.resolve("datasets"), Optional.empty(), Optional.empty(), checkout);
        assertThat(roots.roots()).containsExactly(home.resolve("datasets"), checkout.resolve("data"));
        Path csv = Files.writeString(checkout.resolve("data/german_credit/g.csv"), "x\n1\n");
        assertThat(roots.permitted("dataset_path", csv.toString())).isEqualTo(csv);
        // Configured roots replace it.
        DataRoots configured = DataRoots.fromConfig(
                config(home.resolve("datasets").toString()),
                home,
                home.resolve("datasets"),
                Optional.empty(),
                Optional.empty(),
                checkout);
        assertThat(configured.roots()).containsExactly(home.resolve("datasets"));
    }

    @Test
    void configuredRootsReplaceTheDefaultsButUploadsStayReadable(@TempDir Path tmp) throws Exception {
        Path base = tmp.toRealPath();
        Path home = base.resolve("home");
        Path a = Files.createDirectories(base.resolve("a"));
        Path b = Files.createDirectories(base.resolve("b"));
        DataRoots roots = DataRoots.fromConfig(
                config(a + " , " + b + ","), home, home.resolve("datasets"), Optional.empty(), Optional.empty());
        assertThat(roots.roots()).containsExactly(home.resolve("datasets"), a, b);
        Path inB = Files.writeString(b.resolve("x.csv"), "x\n1\n");
        assertThat(roots.permitted("dataset_path", inB.toString())).isEqualTo(inB);
        assertThatThrownBy(() ->
                        roots.permitted("dataset_path", b.resolve("missing.csv").toString()))
                .isInstanceOfSatisfying(
                        DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.NOT_A_FILE));
        assertThatThrownBy(() -> roots.permitted("dataset_path", b.toString()))
                .isInstanceOfSatisfying(
                        DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.NOT_A_FILE));
        assertThat(roots.permittedDirectory("model", b.toString())).isEqualTo(b);
    }

    @Test
    void aRootThatDoesNotExistIsRefusedNamingIt(@TempDir Path tmp) {
        assertThatThrownBy(() -> DataRoots.fromConfig(
                        config(tmp + "/nope," + tmp + "/neither"),
                        tmp,
                        tmp.resolve("datasets"),
                        Optional.empty(),
                        Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SVC_DATA_DIRS (svc.data-dirs) names directories that do not exist: " + tmp + "/nope, "
                        + tmp + "/neither");
    }

    @Test
    void outsideIsRefusedBeforeTheDiskIsAskedSoNoAnswerTellsWhetherAFileExists(@TempDir Path tmp) {
        DataRoots roots = defaults(tmp);
        for (String p : new String[] {"/etc/passwd", "/etc/no-such-file", "/root/.ssh/id_rsa"}) {
            assertThatThrownBy(() -> roots.permitted("dataset_path", p))
                    .isInstanceOfSatisfying(
                            DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.OUTSIDE_ROOTS));
        }
    }

    @Test
    void theServersOwnStateIsRefusedEvenWhenARootContainsIt(@TempDir Path tmp) throws Exception {
        Path home = tmp.toRealPath().resolve("home");
        Path signing = Files.createDirectories(tmp.toRealPath().resolve("signing"));
        Files.writeString(signing.resolve("signing-ed25519.key"), "k");
        Files.createDirectories(home.resolve("keys/audit"));
        Files.createDirectories(home.resolve("db"));
        Files.writeString(home.resolve("jwt-secret"), "s");
        Files.writeString(home.resolve("admin-password"), "p");
        Files.writeString(home.resolve("keys/audit/signing-ed25519.key"), "k");
        Files.writeString(home.resolve("db/svc.mv.db"), "d");
        DataRoots roots = DataRoots.fromConfig(
                config(tmp.toRealPath().toString()),
                home,
                home.resolve("datasets"),
                Optional.of(home.resolve("db/svc")),
                Optional.of(signing));
        for (Path p : new Path[] {
            home.resolve("jwt-secret"),
            home.resolve("admin-password"),
            home.resolve("keys/audit/signing-ed25519.key"),
            home.resolve("db/svc.mv.db"),
            signing.resolve("signing-ed25519.key"),
            Path.of("/proc/self/environ")
        }) {
            assertThatThrownBy(() -> roots.permitted("dataset_path", p.toString()))
                    .as(p.toString())
                    .isInstanceOfSatisfying(
                            DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.SERVER_STATE))
                    .hasMessageContaining("never read as data");
        }
        // A link inside a root that names the secret is refused by the same rule.
        Path link = Files.createSymbolicLink(tmp.toRealPath().resolve("data.csv"), home.resolve("jwt-secret"));
        assertThatThrownBy(() -> roots.permitted("dataset_path", link.toString()))
                .isInstanceOfSatisfying(
                        DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.SERVER_STATE));
    }

    @Test
    void aLinkOutOfTheRootsIsRefusedAndOneSwappedInAfterTheCheckIsSeen(@TempDir Path tmp) throws Exception {
        Path base = tmp.toRealPath();
        Path home = base.resolve("home");
        DataRoots roots = defaults(home);
        Path outside = Files.writeString(base.resolve("secret.txt"), "top secret");
        Path link = Files.createSymbolicLink(home.resolve("datasets/link.csv"), outside);
        assertThatThrownBy(() -> roots.permitted("dataset_path", link.toString()))
                .isInstanceOfSatisfying(
                        DataRoots.Refused.class, e -> assertThat(e.rule()).isEqualTo(DataRoots.Rule.SYMLINK_OUT))
                .hasMessageNotContaining("top secret");

        Path file = Files.writeString(home.resolve("datasets/ok.csv"), "x\n1\n");
        Path accepted = roots.permitted("dataset_path", file.toString());
        assertThat(DataRoots.unchanged(accepted)).isTrue();
        Files.delete(file);
        Files.createSymbolicLink(file, outside);
        assertThat(DataRoots.unchanged(accepted)).isFalse();
    }
}
