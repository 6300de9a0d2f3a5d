package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.cli.ExitCodes;
import svc.cli.Main;

class ServerCommandTest {

    @Test
    void theDashboardLineNamesLocalhostAndTheGeneratedPasswordFileOnlyWhenThereIsOne(@TempDir Path home)
            throws Exception {
        InetSocketAddress any = new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 8123);
        assertThat(ServerCommand.dashboardLine(any, "0.0.0.0", home))
                .startsWith("svc server: dashboard at http://localhost:8123/ (")
                .contains("SVC_ADMIN_EMAIL")
                .doesNotContain("admin-password");
        Files.writeString(home.resolve("admin-password"), "generated");
        assertThat(ServerCommand.dashboardLine(any, "0.0.0.0", home))
                .contains("admin@localhost with the password in " + home.resolve("admin-password"));
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 9000);
        assertThat(ServerCommand.dashboardLine(loopback, "127.0.0.1", home)).contains("http://127.0.0.1:9000/");
    }

    @Test
    void aPortAlreadyInUseIsOneClearLineAndAFailureExit(@TempDir Path home) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int code = Main.run(
                    new PrintWriter(out, true),
                    new PrintWriter(err, true),
                    "server",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    Integer.toString(taken.getLocalPort()),
                    "--home",
                    home.toString());
            assertThat(code).isEqualTo(ExitCodes.FAILURE);
        }
        assertThat(err.toString().strip().lines()).hasSize(1);
        assertThat(err.toString())
                .startsWith("svc server: could not start the API on 127.0.0.1:")
                .contains("ind");
        assertThat(out.toString()).doesNotContain("listening");
    }

    @Test
    void withSeedsButNothingSharedTheStartSaysEachMissingThingOnItsOwnLineBeforeTouchingADatabase(@TempDir Path home) {
        // The test JVM has none of SVC_DB_URL, SVC_ARTIFACT_STORE, SVC_JWT_SECRET, SVC_SIGNING_KEY_DIR.
        System.setProperty("svc.cluster.seeds", "127.0.0.1:25520,127.0.0.1:25521");
        ConfigFactory.invalidateCaches();
        try {
            StringWriter err = new StringWriter();
            int code = Main.run(
                    new PrintWriter(new StringWriter(), true),
                    new PrintWriter(err, true),
                    "server",
                    "--port",
                    "0",
                    "--home",
                    home.toString());
            assertThat(code).isEqualTo(ExitCodes.FAILURE);
            assertThat(err.toString().strip().lines())
                    .hasSize(4)
                    .allSatisfy(l -> assertThat(l).startsWith("svc server: SVC_CLUSTER_SEEDS is set, but "))
                    .anySatisfy(l -> assertThat(l).contains("SVC_DB_URL").contains("PostgreSQL"))
                    .anySatisfy(l -> assertThat(l).contains("SVC_ARTIFACT_STORE"))
                    .anySatisfy(l -> assertThat(l).contains("SVC_JWT_SECRET"))
                    .anySatisfy(l -> assertThat(l).contains("SVC_SIGNING_KEY_DIR"));
            assertThat(home).isEmptyDirectory();
        } finally {
            System.clearProperty("svc.cluster.seeds");
            ConfigFactory.invalidateCaches();
        }
    }

    @Test
    void anAtRestDriverThatIsNotBuiltStopsTheStartWithOneClearLine(@TempDir Path home) {
        System.setProperty("svc.at-rest.driver", "sqlcipher");
        ConfigFactory.invalidateCaches();
        try {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(
                    new PrintWriter(out, true),
                    new PrintWriter(err, true),
                    "server",
                    "--port",
                    "0",
                    "--home",
                    home.toString());
            assertThat(code).isEqualTo(ExitCodes.FAILURE);
            assertThat(err.toString().strip().lines())
                    .singleElement()
                    .isEqualTo("svc server: could not start the platform: at-rest encryption driver sqlcipher "
                            + "(SVC_AT_REST_DRIVER) is not built into this svc: it needs an SQLCipher JDBC driver, "
                            + "which this build does not ship (the embedded database is H2). Use "
                            + "sqlite_host_fs_only (host disk encryption) with SVC_AT_REST_ENCRYPTION=on");
            assertThat(out.toString()).doesNotContain("listening");
            // Refused before a database was created.
            assertThat(home.resolve("db")).doesNotExist();
        } finally {
            System.clearProperty("svc.at-rest.driver");
            ConfigFactory.invalidateCaches();
        }
    }

    @Test
    void helpNamesThePortVariable() {
        StringWriter out = new StringWriter();
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "help", "server"))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("SVC_PORT");
    }

    @Test
    void anInvalidSettingsFileStopsTheStartWithOneLinePerProblem(@TempDir Path home) throws Exception {
        Path userHome = home.resolve("user");
        Files.createDirectories(userHome.resolve(".svc"));
        Files.writeString(userHome.resolve(".svc/settings.json"), "{\"version\": 7}");
        String before = System.getProperty("user.home");
        System.setProperty("user.home", userHome.toString());
        try {
            StringWriter err = new StringWriter();
            int code = Main.run(
                    new PrintWriter(new StringWriter(), true),
                    new PrintWriter(err, true),
                    "server",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--home",
                    home.resolve("data").toString());
            assertThat(code).isEqualTo(ExitCodes.FAILURE);
            // {"version": 7} has two problems: the version, and no project
            assertThat(err.toString().strip().lines())
                    .hasSize(2)
                    .allSatisfy(line -> assertThat(line)
                            .startsWith("svc server: the settings file")
                            .contains("is invalid")
                            .contains("svc settings validate"))
                    .anySatisfy(line -> assertThat(line).contains("/version: version 7 is not supported"));
        } finally {
            System.setProperty("user.home", before);
        }
    }
}
