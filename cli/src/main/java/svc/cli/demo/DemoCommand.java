package svc.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.Json;
import svc.config.logging.ConsoleLogging;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.RunService;
import svc.core.run.RunState;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;

/**
 * Runs the main job end to end in-process: the platform on embedded defaults, the
 * {@code default_ml_pipeline} on the bundled German Credit data from a plain problem statement,
 * one console line per agent step, the deploy gate approved as the demo operator, and the list of
 * artefacts at the end.
 */
@Command(
        name = "demo",
        description = "Run the main job end to end on embedded defaults (no server, no API key).",
        footer = {"", "Example:", "  svc demo", "  SVC_HOME=/tmp/svc-demo svc demo --template fast_prototype"})
public final class DemoCommand implements Callable<Integer> {

    static final String PROBLEM =
            "Predict whether a loan applicant is a good or a bad credit risk, and make sure the model treats "
                    + "applicants fairly.";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--template",
            description = "Workflow to run (default: ${DEFAULT-VALUE}).",
            defaultValue = "default_ml_pipeline")
    String template;

    @Option(
            names = "--timeout",
            description = "Seconds to wait for the run (default: ${DEFAULT-VALUE}).",
            defaultValue = "600")
    int timeoutSeconds;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ConsoleLogging.quietUnlessConfigured();
        Config config = ConfigFactory.load();
        out.println("svc demo: starting the platform (data under " + config.getString("svc.home") + ")");
        out.flush();
        try (Platform platform = Platform.start(config, StandardParts.create())) {
            Path dataset = bundledDataset(platform.settings().home());
            BlockingQueue<LiveEventHub.LiveMessage> events = new LinkedBlockingQueue<>(100_000);
            try (var subscription = platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, events::offer)) {
                RunView run = platform.runs()
                        // The platform's default governance profile: a profile that names no template fails closed.
                        .start(new RunService.StartRequest(
                                PROBLEM,
                                dataset.toString(),
                                null,
                                List.of(),
                                template,
                                "default",
                                null,
                                "demo-operator"))
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
                out.println("svc demo: run " + run.runId() + " (" + template + ") on " + dataset);
                out.println("svc demo: problem: " + PROBLEM);
                out.flush();
                String finalState = follow(platform, run.runId(), events, out);
                printArtifacts(platform, run.runId(), out);
                return finalState.equals(RunState.SUCCEEDED.wireName()) ? ExitCodes.OK : ExitCodes.FAILURE;
            }
        }
    }

    /** Prints the run's steps until it ends; approves gates as the demo operator. */
    private String follow(
            Platform platform, String runId, BlockingQueue<LiveEventHub.LiveMessage> events, PrintWriter out)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            LiveEventHub.LiveMessage m = events.poll(1, TimeUnit.SECONDS);
            if (m == null || !runId.equals(m.json().path("run_id").asText())) {
                continue;
            }
            JsonNode e = m.json();
            String line = describe(e);
            if (line != null) {
                out.println(LocalTime.now().format(CLOCK) + "  " + line);
                out.flush();
            }
            if ("gate".equals(e.path("type").asText())
                    && "pending".equals(e.path("state").asText())) {
                String gate = e.path("gate_id").asText();
                out.println(LocalTime.now().format(CLOCK) + "  demo operator approves "
                        + e.path("gate_type").asText() + " gate " + gate);
                out.flush();
                platform.runs()
                        .decide(gate, true, "demo-operator", "approved by svc demo")
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
            }
            if (m.finalMessage()) {
                RunView view = platform.runs().get(runId).toCompletableFuture().get(30, TimeUnit.SECONDS);
                out.println("svc demo: run " + runId + " " + view.state()
                        + (view.failure() == null ? "" : ": " + view.failure())
                        + String.format(" (LLM spend $%.4f)", view.costUsd()));
                return view.state();
            }
        }
        throw new CliException(ExitCodes.FAILURE, "the run did not finish within " + timeoutSeconds + " s");
    }

    /** One readable line per agent step, or null for events a person does not need to see. */
    static String describe(JsonNode e) {
        String agent = String.format("%-24s", e.path("agent").asText(""));
        switch (e.path("type").asText()) {
            case "stage":
                return e.path("completed").asBoolean(false)
                        ? null
                        : "== stage " + e.path("node").asText() + " (visit "
                                + e.path("visit").asInt() + ")";
            case "tool_call": {
                StringBuilder calls = new StringBuilder();
                for (JsonNode c : e.path("tool_calls")) {
                    String name = c.path("name").asText();
                    calls.append(calls.length() == 0 ? "" : ", ")
                            .append(
                                    name.startsWith("transfer_to_")
                                            ? "delegates to " + name.substring(12)
                                            : "calls " + name);
                }
                return agent + calls;
            }
            case "tool_result":
            case "training_log": {
                String tool = e.path("tool").asText();
                if (tool.startsWith("transfer_to_")) {
                    return null;
                }
                String summary = "";
                try {
                    summary = Json.parse(e.path("content").asText())
                            .path("summary")
                            .asText("");
                } catch (IllegalArgumentException ignored) {
                    // not JSON: the raw content is shown below
                }
                if (summary.isEmpty()) {
                    summary = e.path("content").asText();
                }
                if (summary.length() > 160) {
                    summary = summary.substring(0, 157) + "...";
                }
                return agent + (e.path("is_error").asBoolean() ? "! " : "<- ") + tool + ": " + summary;
            }
            case "state":
                return e.has("state")
                        ? "== run " + e.path("state").asText()
                                + (e.has("reason") ? ": " + e.path("reason").asText() : "")
                        : null;
            default:
                return null;
        }
    }

    private static void printArtifacts(Platform platform, String runId, PrintWriter out) throws Exception {
        List<RunService.Artifact> artifacts =
                platform.runs().artifacts(runId).toCompletableFuture().get(30, TimeUnit.SECONDS);
        Path dir = platform.runs().runDir(runId);
        out.println("svc demo: " + artifacts.size() + " artefacts in " + dir + ":");
        for (RunService.Artifact a : artifacts) {
            if (!a.name().startsWith("candidates/") && !a.name().startsWith("work/")) {
                out.println(String.format("  %-40s %10d bytes", a.name(), a.size()));
            }
        }
        out.flush();
    }

    /** The bundled German Credit CSV, copied once under SVC_HOME so the run can read it. */
    static Path bundledDataset(Path home) throws Exception {
        Path target = home.resolve("datasets").resolve("german_credit.csv");
        if (!Files.exists(target)) {
            Files.createDirectories(target.getParent());
            try (InputStream in = DemoCommand.class.getResourceAsStream("/svc/demo/german_credit.csv")) {
                if (in == null) {
                    throw new CliException(
                            ExitCodes.FAILURE, "the bundled German Credit dataset is missing from the build");
                }
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }
}
