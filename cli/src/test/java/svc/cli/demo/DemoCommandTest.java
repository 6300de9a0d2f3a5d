package svc.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.cli.ExitCodes;
import svc.cli.Main;

/** The newcomer's first command, in-process on a temporary home (fast_prototype keeps it short). */
class DemoCommandTest {

    @TempDir
    Path home;

    @AfterEach
    void forgetHome() {
        System.clearProperty("svc.home");
        ConfigFactory.invalidateCaches();
    }

    @Test
    void theDemoRunsThePipelineToSuccessAndListsItsArtefacts() {
        System.setProperty("svc.home", home.toString());
        ConfigFactory.invalidateCaches();
        StringWriter out = new StringWriter();
        int code = Main.run(
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true),
                "demo",
                "--template",
                "fast_prototype");
        String printed = out.toString();
        assertThat(code).as(printed).isEqualTo(ExitCodes.OK);
        assertThat(printed)
                .contains("director")
                .contains("calls train_model")
                .contains("succeeded")
                .contains("metrics.json")
                .contains("k8s/deployment.yaml")
                .contains(home.resolve("runs").toString());
        assertThat(home.resolve("datasets/german_credit.csv")).exists();
    }
}
