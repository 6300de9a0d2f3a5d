package svc.core.tools;

/**
 * What the STORAGE_WRITE hooks say of one artefact file a tool wrote in its run's directory, once
 * the STORAGE_WRITE guardrails have treated it: the text to store instead, or null to keep it.
 * Runs on the blocking dispatcher (inside the tool call).
 */
@FunctionalInterface
public interface StorageWrites {

    StorageWrites NONE = (context, tool, path, text) -> null;

    /** @param path the file relative to the run's directory ({@code report/summary.json}) */
    String written(ToolContext context, String tool, String path, String text);
}
