package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a sandboxed WASM tool may do; the file spells each value in PascalCase. */
public enum Capability {
    /** Write log entries. */
    @JsonProperty("Logging")
    LOGGING("Logging"),
    /** Read workspace files. */
    @JsonProperty("WorkspaceRead")
    WORKSPACE_READ("WorkspaceRead"),
    /** Make HTTP requests. */
    @JsonProperty("HttpRequest")
    HTTP_REQUEST("HttpRequest"),
    /** Invoke other tools. */
    @JsonProperty("ToolInvoke")
    TOOL_INVOKE("ToolInvoke"),
    /** Check that a secret exists. */
    @JsonProperty("SecretCheck")
    SECRET_CHECK("SecretCheck");

    private final String fileName;

    Capability(String fileName) {
        this.fileName = fileName;
    }

    /** The value as the settings file writes it. */
    public String fileName() {
        return fileName;
    }

    /** Every value as the file writes it, for messages. */
    public static List<String> fileNames() {
        return Arrays.stream(values()).map(Capability::fileName).toList();
    }

    public static Optional<Capability> fromFileName(String name) {
        return Arrays.stream(values()).filter(c -> c.fileName.equals(name)).findFirst();
    }
}
