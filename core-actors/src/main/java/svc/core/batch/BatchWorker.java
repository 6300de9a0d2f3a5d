package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;
import svc.core.datasets.DataRoots;
import svc.core.tools.ToolInvoker;
import svc.ml.train.ServedModel;

/**
 * The blocking half of a batch: reads the JSONL input a line at a time, runs the records through
 * the processor and appends one {@code {index, output|error}} line per input line to its results
 * ({@link ResultsLog}: {@code results.jsonl}, or sealed parts with at-rest encryption on). Neither
 * file is ever held in memory, only the chunk at hand.
 *
 * <p>Restart rule. The journal's checkpoint names how many lines the results held and their length
 * in bytes. On opening, lines written after that checkpoint (a crash came before the next one)
 * are kept when complete and in sequence, and a torn last line is cut off: a record whose line
 * was written is never run again, and the next record is the one after the last line. Only a
 * record in progress when the process stopped runs again, as an agent's unrecorded tool call does.
 *
 * <p>Used from one thread at a time (the entity asks for the next chunk only when the last one has
 * answered); {@link #close} may come from the entity's thread at any moment and makes the next
 * write fail instead of touching the file, so a worker left over from a stopped system never
 * writes after a new one has opened the file.
 */
final class BatchWorker implements AutoCloseable {

    static final String RESULTS = BatchFiles.RESULTS;

    /** A chunk's answer: the progress after it, and whether the input has ended. */
    record Step(Progress progress, boolean done) {}

    /** The worker was closed while a chunk was in progress. */
    static final class Abandoned extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Abandoned() {
            super("the batch worker was closed");
        }
    }

    private final String batchId;
    private final String runId;
    private final RecordProcessor processor;
    private final BatchFeed feed;
    private final BufferedReader input;
    private final ResultsLog results;
    private long processed;
    private long errors;
    private long bytes;
    private boolean closed;

    private BatchWorker(
            String batchId,
            String runId,
            RecordProcessor processor,
            BatchFeed feed,
            BufferedReader input,
            ResultsLog results) {
        this.batchId = batchId;
        this.runId = runId;
        this.processor = processor;
        this.feed = feed;
        this.input = input;
        this.results = results;
        Progress start = results.start();
        this.processed = start.processed();
        this.errors = start.errors();
        this.bytes = start.resultsBytes();
    }

    /** Opens the batch where its results end (see the restart rule) with the processor of its kind. */
    static BatchWorker open(String batchId, BatchSpec spec, Progress checkpoint, BatchRuntime runtime)
            throws IOException {
        RecordProcessor processor = processor(spec, runtime);
        BatchFiles files = runtime.files();
        ResultsLog results = files.openResults(Path.of(spec.dir()), checkpoint);
        BufferedReader input = null;
        try {
            Progress start = results.start();
            Path inputPath = Path.of(spec.inputPath());
            if (!DataRoots.unchanged(inputPath)) {
                // Accepted by its real path at submission (DataRoots); a link put in its way since is not followed.
                throw new IOException("the input " + inputPath + " now leads elsewhere through a symbolic link");
            }
            input = files.reader(inputPath);
            for (long i = 0; i < start.processed(); i++) {
                if (input.readLine() == null) {
                    throw new IOException("the input has fewer lines than " + RESULTS + " (" + start.processed() + ")");
                }
            }
            return new BatchWorker(batchId, spec.runId(), processor, runtime.feed(), input, results);
        } catch (IOException | RuntimeException e) {
            results.close();
            if (input != null) {
                input.close();
            }
            throw e;
        }
    }

    private static RecordProcessor processor(BatchSpec spec, BatchRuntime runtime) throws IOException {
        ToolInvoker tools = runtime.tools();
        return switch (spec.kind()) {
            case BatchSpec.ECHO -> new EchoProcessor();
            // A run's model/ is read through the working copy: pulled again if its copy was swept.
            case BatchSpec.INFERENCE ->
                new InferenceProcessor(tools.files().read(Path.of(spec.modelDir()), ServedModel::load));
            case BatchSpec.CUSTOM -> new ToolProcessor(tools, spec.runId(), spec.agent(), spec.tool());
            default -> throw new IllegalArgumentException("unknown batch kind " + spec.kind());
        };
    }

    /** Runs up to {@code n} records and writes their lines. */
    Step chunk(int n) throws IOException {
        if (processor.oneByOne()) {
            for (int i = 0; i < n; i++) {
                String line = input.readLine();
                if (line == null) {
                    return new Step(progress(), true);
                }
                JsonNode record = parse(line);
                write(record == null ? invalid(line) : processor.process(record));
                flush();
            }
            return new Step(progress(), false);
        }
        List<String> lines = new ArrayList<>(n);
        String line;
        while (lines.size() < n && (line = input.readLine()) != null) {
            lines.add(line);
        }
        List<JsonNode> records = new ArrayList<>(lines.size());
        for (String l : lines) {
            JsonNode record = parse(l);
            if (record != null) {
                records.add(record);
            }
        }
        List<RecordProcessor.Outcome> outcomes = processor.processAll(records);
        int next = 0;
        for (String l : lines) {
            write(parse(l) == null ? invalid(l) : outcomes.get(next++));
        }
        flush();
        return new Step(progress(), lines.size() < n);
    }

    private static JsonNode parse(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            return Json.parse(line);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static RecordProcessor.Outcome invalid(String line) {
        return RecordProcessor.Outcome.error(line.isBlank() ? "blank line" : "not JSON");
    }

    /** Lines written so far (at opening: where the restart rule put the start). */
    Progress progress() {
        return new Progress(processed, errors, bytes);
    }

    private void write(RecordProcessor.Outcome outcome) throws IOException {
        ObjectNode node = Json.object();
        node.put("index", processed);
        if (outcome.error() != null) {
            node.put("error", outcome.error());
        } else {
            node.set("output", outcome.output());
        }
        byte[] line = (Json.write(node) + "\n").getBytes(StandardCharsets.UTF_8);
        results.write(line);
        bytes += line.length;
        feed.record(batchId, runId, processed, outcome.error() == null);
        processed++;
        errors += outcome.error() == null ? 0 : 1;
    }

    private void flush() throws IOException {
        results.flush();
    }

    @Override
    public void close() {
        results.close();
        try {
            input.close();
        } catch (IOException e) {
            // nothing was written through the reader
        }
    }
}
