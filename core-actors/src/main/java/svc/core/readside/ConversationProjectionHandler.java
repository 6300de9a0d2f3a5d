package svc.core.readside;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.apache.pekko.projection.eventsourced.EventEnvelope;
import org.apache.pekko.projection.jdbc.javadsl.JdbcHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.io.AtomicFiles;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentEntity;
import svc.core.agent.AgentProfile;
import svc.core.stream.StreamMessages;
import svc.core.task.Requester;
import svc.persistence.store.WorkingCopy;

/**
 * Writes each agent's conversation to {@code runs/<run>/conversations/<agent>.jsonl}, one JSON
 * line per message with the journal's per-agent sequence number, and keeps
 * {@code conversations/index.json} (hierarchy and timing). Lines go to disk in groups (every 10
 * events or 1 s, set where the projection is built) through the screen (STORAGE_WRITE: G4 with the
 * run's {@code pii_action}, then the G5 scrubber), so the files hold treated text; a line a
 * guardrail changed carries {@code "_redacted": true}, and a message the guardrails changed before
 * it was journalled lists what they did under {@code guardrails}.
 *
 * <p>Delivery is at least once; a line whose sequence number is already in the file is skipped,
 * so a replayed group neither loses nor duplicates a line.
 */
public final class ConversationProjectionHandler
        extends JdbcHandler<List<EventEnvelope<AgentEntity.Event>>, PooledJdbcSession> {

    private static final Logger LOG = LoggerFactory.getLogger(ConversationProjectionHandler.class);

    private final WorkingCopy files;
    private final Path runsDir;
    private final AgentDirectory directory;
    private final BiFunction<String, String, String> screen;
    private final Map<Path, Long> lastSeq = new HashMap<>();
    /** Runs whose conversation files this instance has brought from the store. */
    private final Set<String> pulled = new HashSet<>();
    /** The working copy's eviction count when {@link #pulled} was last valid. */
    private long seenEvictions;

    /** @param screen (run id, line) → the line as it may be written */
    public ConversationProjectionHandler(
            WorkingCopy files, AgentDirectory directory, BiFunction<String, String, String> screen) {
        this.files = files;
        this.runsDir = files.root();
        this.directory = directory;
        this.screen = screen;
    }

    public ConversationProjectionHandler(WorkingCopy files, AgentDirectory directory, UnaryOperator<String> scrubber) {
        this(files, directory, (runId, line) -> scrubber.apply(line));
    }

    @Override
    public void process(PooledJdbcSession session, List<EventEnvelope<AgentEntity.Event>> envelopes)
            throws IOException {
        // The runs' copies stay on this disk while the group is handled (a finished run's may be swept).
        List<WorkingCopy.Lease> leases = new ArrayList<>();
        try {
            for (String runId : envelopes.stream()
                    .map(env -> env.persistenceId().split("\\|", 3)[1])
                    .distinct()
                    .toList()) {
                leases.add(files.lease(runId));
            }
            long evictions = files.evictions();
            if (evictions != seenEvictions) {
                // Some copy was removed since the last group: what was pulled is pulled again.
                pulled.clear();
                lastSeq.clear();
                seenEvictions = evictions;
            }
            processLeased(envelopes);
        } finally {
            leases.forEach(WorkingCopy.Lease::close);
        }
    }

    private void processLeased(List<EventEnvelope<AgentEntity.Event>> envelopes) throws IOException {
        Map<Path, StringBuilder> appends = new LinkedHashMap<>();
        Set<String> touched = new LinkedHashSet<>();
        for (EventEnvelope<AgentEntity.Event> env : envelopes) {
            String[] parts = env.persistenceId().split("\\|", 3);
            String runId = parts[1];
            String agent = parts[2];
            AgentEntity.Event event = env.event();
            if (pulled.add(runId)) {
                // The projection may have run on another node until now: continue its files, not local leftovers.
                files.pull(runId, "conversations/");
                // A process killed during an append left a torn last line in a file whose agent may
                // never write again: every file of the run is mended now, not at its next append.
                repairTornTails(runsDir.resolve(runId).resolve("conversations"));
            }
            touched.add(runId);
            updateIndex(runId, agent, event);
            if (!(event instanceof AgentEntity.MessageEvent message)) {
                continue;
            }
            Path file = runsDir.resolve(runId).resolve("conversations").resolve(agent + ".jsonl");
            long written = lastSeq.computeIfAbsent(file, ConversationProjectionHandler::lastSeqInFile);
            if (message.seq() <= written) {
                continue;
            }
            lastSeq.put(file, message.seq());
            appends.computeIfAbsent(file, f -> new StringBuilder())
                    .append(screen.apply(runId, line(agent, message)))
                    .append('\n');
        }
        try {
            for (Map.Entry<Path, StringBuilder> e : appends.entrySet()) {
                append(e.getKey(), e.getValue());
            }
            for (String runId : touched) {
                writeIndex(runId);
            }
            // Inside the projection's transaction: if the store refuses, the group is handled again, and
            // every conversation file of the run is offered again (unchanged ones cost a stat).
            for (String runId : touched) {
                try (DirectoryStream<Path> conversation =
                        Files.newDirectoryStream(runsDir.resolve(runId).resolve("conversations"), "*.{jsonl,json}")) {
                    for (Path file : conversation) {
                        files.push(runId, "conversations/" + file.getFileName());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // The group is handled again (a full disk until space is freed): what this instance
            // counted of it is read again from the files, or its lines would be skipped as written.
            appends.keySet().forEach(lastSeq::remove);
            touched.forEach(indexes::remove);
            LOG.warn(
                    "the conversation files of run(s) {} could not be written, the events are handled again: {}",
                    touched,
                    e.getMessage());
            throw e;
        }
    }

    /**
     * Appends a group's lines to one file. A write that fails part way (a full disk) is cut back to
     * the file's length before it, so the earlier lines stay whole and no torn line is left behind.
     */
    private static void append(Path file, CharSequence lines) throws IOException {
        Files.createDirectories(file.getParent());
        synchronized (FileLocks.of(file)) {
            long before = Files.exists(file) ? Files.size(file) : -1;
            try {
                Files.writeString(
                        file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                try {
                    if (before < 0) {
                        Files.deleteIfExists(file);
                    } else {
                        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                            channel.truncate(before);
                        }
                    }
                } catch (IOException cut) {
                    // The torn-line repair (lastSeqInFile) cuts it when the group is handled again.
                    e.addSuppressed(cut);
                }
                throw e;
            }
        }
    }

    /** One conversation line: seq, ts, agent, role, and the message's content. */
    static String line(String agent, AgentEntity.MessageEvent message) {
        ObjectNode o = Json.object();
        o.put("seq", message.seq());
        o.put("ts", message.at().toString());
        o.put("agent", agent);
        o.put("task_id", message.taskId());
        if (message instanceof AgentEntity.TaskStarted t) {
            o.put("role", "user");
            o.put("content", t.text());
            o.put(
                    "from",
                    t.requester().kind() == Requester.Kind.RUN
                            ? "run"
                            : t.requester().agent());
        } else if (message instanceof AgentEntity.AssistantSaid a) {
            o.put("role", "assistant");
            o.put("content", a.text());
            var calls = o.putArray("tool_calls");
            for (var call : a.toolCalls()) {
                calls.addObject()
                        .put("id", call.id())
                        .put("name", call.name())
                        .set("arguments", Json.parse(call.argumentsJson()));
            }
            o.put("model", a.model());
            o.putObject("usage")
                    .put("input_tokens", a.usage().inputTokens())
                    .put("output_tokens", a.usage().outputTokens())
                    .put("cached_tokens", a.usage().cachedTokens());
            o.put("cost_usd", a.costUsd());
            o.put("duration_ms", a.durationMs());
            StreamMessages.guardrails(o, a.guardrails());
        } else if (message instanceof AgentEntity.ToolAnswered t) {
            o.put("role", "tool");
            o.put("tool_call_id", t.callId());
            o.put("tool", t.tool());
            o.put("is_error", t.isError());
            o.put("content", t.content());
            o.put("duration_ms", t.durationMs());
            StreamMessages.guardrails(o, t.guardrails());
        }
        return Json.write(o);
    }

    private void repairTornTails(Path conversations) throws IOException {
        if (!Files.isDirectory(conversations)) {
            return;
        }
        try (DirectoryStream<Path> jsonl = Files.newDirectoryStream(conversations, "*.jsonl")) {
            for (Path file : jsonl) {
                lastSeq.computeIfAbsent(file, ConversationProjectionHandler::lastSeqInFile);
            }
        }
    }

    /**
     * The sequence number of the file's last complete line. A last line without its newline, or
     * one that is not JSON, is what a process killed during an append leaves: it is cut off here
     * (its group was never committed, so it is delivered and written again), instead of failing
     * the projection on every retry.
     */
    static long lastSeqInFile(Path file) {
        if (!Files.exists(file)) {
            return 0;
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            // Bytes past the last newline are a torn line; so is a last complete line that is not JSON.
            int end = bytes.length;
            while (end > 0 && bytes[end - 1] != '\n') {
                end--;
            }
            long seq = 0;
            int keep = end;
            int lineEnd = end;
            boolean last = true;
            while (lineEnd > 0) {
                int start = lineEnd - 1;
                while (start > 0 && bytes[start - 1] != '\n') {
                    start--;
                }
                String line = new String(bytes, start, lineEnd - 1 - start, StandardCharsets.UTF_8);
                if (!line.isBlank()) {
                    try {
                        seq = Json.parse(line).path("seq").asLong(0);
                        break;
                    } catch (IllegalArgumentException torn) {
                        if (!last) {
                            throw new IllegalStateException("a line of " + file + " is not JSON: " + line, torn);
                        }
                        keep = start;
                    }
                    last = false;
                }
                lineEnd = start;
            }
            if (keep < bytes.length) {
                synchronized (FileLocks.of(file)) {
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        channel.truncate(keep);
                    }
                }
            }
            return seq;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the last line of " + file + ": " + e.getMessage(), e);
        }
    }

    // ---- index.json -----------------------------------------------------------------------

    private final Map<String, ObjectNode> indexes = new HashMap<>();

    private void updateIndex(String runId, String agent, AgentEntity.Event event) {
        ObjectNode index = indexes.computeIfAbsent(runId, this::loadIndex);
        ObjectNode agents = index.with("agents");
        ObjectNode a = agents.has(agent) ? (ObjectNode) agents.get(agent) : newAgentEntry(agents, agent);
        if (!(event instanceof AgentEntity.MessageEvent m)
                || m.seq() <= a.path("messages").asLong(0)) {
            // Counted already (a replayed group), or not a message: the index counts messages once.
            return;
        }
        String ts = event.at().toString();
        if (!a.hasNonNull("first_ts")) {
            a.put("first_ts", ts);
        }
        a.put("last_ts", ts);
        a.put("messages", m.seq());
        if (event instanceof AgentEntity.TaskStarted) {
            a.put("tasks", a.path("tasks").asInt(0) + 1);
        } else if (event instanceof AgentEntity.AssistantSaid s) {
            a.put("model_calls", a.path("model_calls").asInt(0) + 1);
            a.put("cost_usd", a.path("cost_usd").asDouble(0) + s.costUsd());
            a.put("model_ms", a.path("model_ms").asLong(0) + s.durationMs());
        } else if (event instanceof AgentEntity.ToolAnswered t) {
            String counter = t.tool().startsWith("transfer_to_") ? "delegations" : "tool_calls";
            a.put(counter, a.path(counter).asInt(0) + 1);
            if (!t.tool().startsWith("transfer_to_")) {
                a.put("tool_ms", a.path("tool_ms").asLong(0) + t.durationMs());
            }
        }
    }

    private ObjectNode newAgentEntry(ObjectNode agents, String agent) {
        ObjectNode a = agents.putObject(agent);
        AgentProfile p = directory.find(agent).orElse(null);
        a.put("file", "conversations/" + agent + ".jsonl");
        if (p != null) {
            a.put("team", p.team());
            a.put("tier", p.tier().name().toLowerCase());
            String boss = directory.all().stream()
                    .filter(o -> o.delegates().contains(agent))
                    .map(AgentProfile::name)
                    .findFirst()
                    .orElse(null);
            a.put("reports_to", boss);
            var delegates = a.putArray("delegates_to");
            p.delegates().forEach(delegates::add);
        }
        return a;
    }

    private ObjectNode loadIndex(String runId) {
        Path file = runsDir.resolve(runId).resolve("conversations").resolve("index.json");
        if (Files.exists(file)) {
            try {
                JsonNode node = Json.parse(Files.readString(file));
                if (node instanceof ObjectNode o) {
                    return o;
                }
            } catch (IOException | IllegalArgumentException e) {
                // A torn index is rebuilt from here on; the JSONL files are the record.
            }
        }
        ObjectNode fresh = Json.object().put("run_id", runId);
        fresh.putObject("agents");
        return fresh;
    }

    private void writeIndex(String runId) throws IOException {
        ObjectNode index = indexes.get(runId);
        Path dir = runsDir.resolve(runId).resolve("conversations");
        Files.createDirectories(dir);
        AtomicFiles.writeString(dir.resolve("index.json"), Json.writePretty(index));
    }
}
