package svc.cli.guardrails;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.Json;
import svc.governance.egress.EgressAllowlist;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.guardrail.builtin.GuardrailScanner;
import svc.governance.guardrail.builtin.ScanReport;

/**
 * {@code svc guardrails scan}: runs a text through the built-in guardrail chain of one
 * integration point, as a server would, and prints the report as JSON. The group on its own is a
 * usage error that names the subcommand.
 */
@Command(
        name = "guardrails",
        mixinStandardHelpOptions = true,
        description = "Try the built-in guardrails (egress, prompt injection, PII, ...) on a text, without a server.",
        footer = {
            "",
            "Examples:",
            "  echo 'mail me at a@example.com' | svc guardrails scan",
            "  svc guardrails scan --point PRE_LLM < prompt.txt"
        })
public final class GuardrailsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc guardrails needs a subcommand: scan");
    }

    @Command(
            name = "scan",
            mixinStandardHelpOptions = true,
            description = {
                "Read a text on standard input (or --file) and print, as JSON,",
                "each guardrail's outcome, the text after the chain (redacted_text)",
                "and every PII entity with its type, start and end (character offsets",
                "into the input, end exclusive). SVC_EGRESS_ALLOWLIST is honoured.",
                "Exit 0 when the outcome is ALLOW or REDACT, 1 on DENY, 2 on a usage error."
            },
            footer = {
                "",
                "Examples:",
                "  echo 'card 4111 1111 1111 1111' | svc guardrails scan",
                "  svc guardrails scan --point PRE_LLM --file prompt.txt"
            })
    int scan(
            @Option(
                            names = "--point",
                            paramLabel = "POINT",
                            defaultValue = "POST_TOOL",
                            description = "Integration point whose chain runs: ${COMPLETION-CANDIDATES} (default: "
                                    + "${DEFAULT-VALUE}).",
                            completionCandidates = Points.class)
                    String point,
            @Option(
                            names = "--file",
                            paramLabel = "FILE",
                            description = "Read the text from FILE instead of standard input.")
                    Path file)
            throws IOException {
        IntegrationPoint at = parsePoint(point);
        String text = file == null ? read(System.in) : readFile(file);
        ScanReport report =
                GuardrailScanner.defaults(System.getenv(EgressAllowlist.ENV)).scan(text, at);
        spec.commandLine().getOut().println(Json.writePretty(report));
        return report.outcome() == Outcome.DENY ? ExitCodes.FAILURE : ExitCodes.OK;
    }

    private IntegrationPoint parsePoint(String point) {
        try {
            return IntegrationPoint.valueOf(point.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine().getSubcommands().get("scan"),
                    "--point must be one of " + Arrays.toString(IntegrationPoint.values()) + ", got '" + point + "'");
        }
    }

    private static String readFile(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.USAGE, "--file " + file + " does not exist");
        }
    }

    private static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The integration point names, for the help text. */
    static final class Points implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(IntegrationPoint.values()).map(Enum::name).iterator();
        }
    }
}
