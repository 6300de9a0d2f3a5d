package svc.cli.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.http.inference.ModelServer;

/** Serves one saved model over HTTP: what a model's container runs (see its Dockerfile). */
@Command(
        name = "serve-model",
        description = "Serve a saved model: POST /predict {\"rows\": [...]}, GET /healthz, GET /livez.",
        footer = {"", "Example:", "  svc serve-model --model ~/.svc/data/runs/<run_id>/model --port 8080"})
public final class ServeModelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, description = "Directory of the saved model (a run's model/).")
    Path model;

    @Option(names = "--port", defaultValue = "8080", description = "Port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--host", defaultValue = "0.0.0.0", description = "Address to bind (default: ${DEFAULT-VALUE}).")
    String host;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(model.resolve("manifest.json"))) {
            throw new CliException(ExitCodes.USAGE, "no saved model in " + model + " (manifest.json is missing)");
        }
        ModelServer server = ModelServer.start(model, host, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.close();
                            stopped.countDown();
                        },
                        "svc-serve-model-shutdown"));
        spec.commandLine()
                .getOut()
                .println("svc serve-model: serving " + model + " on http://" + host + ":" + server.port());
        spec.commandLine().getOut().flush();
        stopped.await();
        return ExitCodes.OK;
    }
}
