package svc.core.tools;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a tool may know about the call: the run and agent it serves, the run's directory (the
 * brief is there as {@code run.json}, and every file a tool writes goes under it), and the facts
 * this task has established so far.
 */
public record ToolContext(String runId, String agent, Path runDir, Map<String, Object> facts) {}
