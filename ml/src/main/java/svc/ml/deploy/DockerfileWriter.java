package svc.ml.deploy;

/**
 * Writes the {@code Dockerfile} that serves one model with svc's own inference runtime
 * ({@code svc.jar serve-model}). The build context is the run directory with {@code svc.jar}
 * copied next to the {@code model/} folder.
 */
public final class DockerfileWriter {

    /**
     * Base image pinned to a full Temurin release: a rebuild gets the same JRE. The Ubuntu-based
     * Temurin images ship curl, which the HEALTHCHECK uses.
     */
    public static final String BASE_IMAGE = "eclipse-temurin:17.0.15_6-jre";

    /** Numeric user and group: Kubernetes can only verify runAsNonRoot for a numeric USER. */
    public static final int UID = 10001;

    private DockerfileWriter() {}

    public static String render(DeploymentSpec spec) {
        String dir = spec.modelDir();
        int port = spec.port();
        return String.join(
                "\n",
                "# Serves model " + spec.modelId() + " (run " + spec.runId() + ") with svc's inference runtime.",
                "# Build context: the run directory, with svc.jar and its lib/ folder (cli/target/) copied next to",
                "# model/ (BuildKit, for COPY --chmod):",
                "#   docker build -t " + spec.image() + " .",
                "FROM " + BASE_IMAGE,
                "",
                "RUN groupadd --system --gid " + UID + " svc \\",
                " && useradd --system --uid " + UID + " --gid " + UID
                        + " --no-create-home --shell /usr/sbin/nologin svc",
                "",
                "# Owned by root and read-only for the runtime user: the server cannot alter its own model.",
                "COPY --chown=0:0 --chmod=0444 svc.jar /opt/svc/svc.jar",
                "COPY --chown=0:0 --chmod=0555 lib/ /opt/svc/lib/",
                "COPY --chown=0:0 model/ " + dir + "/",
                "",
                "ENV SVC_PORT=" + port + " \\",
                "    SVC_MODEL_ID=" + spec.modelId() + " \\",
                "    SVC_RUN_ID=" + spec.runId() + " \\",
                "    JAVA_TOOL_OPTIONS=\"-XX:MaxRAMPercentage=75 -Djava.io.tmpdir=/tmp\"",
                "",
                "USER " + UID + ":" + UID,
                "EXPOSE " + port,
                "HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \\",
                "  CMD curl -fsS http://127.0.0.1:" + port + "/healthz || exit 1",
                "ENTRYPOINT [\"java\", \"-jar\", \"/opt/svc/svc.jar\", \"serve-model\", \"--model\", \"" + dir
                        + "\", \"--port\", \"" + port + "\"]",
                "");
    }
}
