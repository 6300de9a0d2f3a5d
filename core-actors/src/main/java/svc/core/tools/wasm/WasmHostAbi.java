package svc.core.tools.wasm;

import com.dylibso.chicory.runtime.HostFunction;
import com.dylibso.chicory.runtime.Instance;
import com.dylibso.chicory.runtime.Memory;
import com.dylibso.chicory.wasm.types.FunctionType;
import com.dylibso.chicory.wasm.types.ValType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import svc.config.settings.Capability;
import svc.config.settings.WasmToolConfig;
import svc.governance.egress.EgressPolicy;
import svc.governance.permission.Glob;

/**
 * The host ABI a WASM tool is offered: everything a module can do outside its own memory. All
 * strings are UTF-8 (pointer, length) pairs in the module's exported {@code memory}.
 *
 * <p>The module exports:
 * <ul>
 *   <li>{@code memory};
 *   <li>{@code alloc(len: i32) -> i32}: room for {@code len} bytes, where the host writes the input;
 *   <li>{@code run(ptr: i32, len: i32) -> i64}: the tool itself; the input is the call's arguments
 *       as JSON, the answer is {@code (out_ptr << 32) | out_len}, a JSON document in memory.
 * </ul>
 *
 * <p>The module may import, from module {@code svc}:
 * <ul>
 *   <li>{@code log(ptr, len) -> i32}: one log line (capability {@code Logging}; at most
 *       {@code max_log_entries}); returns 0;
 *   <li>{@code read_file(path_ptr, path_len, out_ptr, out_cap) -> i32}: reads a file of the run's
 *       workspace (capability {@code WorkspaceRead}); the relative path must lie under one of
 *       {@code workspace_prefixes} and the file hold at most {@code max_file_read_bytes}; returns
 *       the bytes written, or {@code -size} when {@code out_cap} is too small (nothing written);
 *   <li>{@code http_get(url_ptr, url_len, out_ptr, out_cap) -> i32}: one GET (capability
 *       {@code HttpRequest}; at most {@code max_http_requests}); the URL must match an entry of
 *       {@code endpoint_allowlist} (a prefix, or a glob with {@code *}) and pass the platform's
 *       egress allowlist (G1); no redirects; returns as {@code read_file} (the body), or
 *       {@code -1_000_000 - status} for a non-2xx answer;
 *   <li>{@code secret_check(name_ptr, name_len) -> i32}: 1 when the named secret is set, else 0
 *       (capability {@code SecretCheck}); the name must be one of {@code secrets}. The value is
 *       never handed to the module, as the spec's capability says: check that a secret exists.
 * </ul>
 *
 * <p>A call outside these rules does not return an error code: it stops the module with {@link
 * WasmStopped}, whose message the agent reads. So do the instruction budget ({@code fuel_limit}),
 * the wall-clock limit ({@code execution_timeout_secs}) and a {@code memory.grow} past
 * {@code max_memory_bytes}. {@code ToolInvoke} is not offered: a tool that asks for it is refused
 * when it is registered.
 */
public final class WasmHostAbi {

    public static final String MODULE = "svc";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final WasmToolConfig config;
    private final WasmLimits limits;
    private final Path workspace;
    private final EgressPolicy egress;
    private final Function<String, String> secrets;
    private final Instant deadline;
    private final List<String> logs = new ArrayList<>();
    private int httpRequests;

    WasmHostAbi(
            WasmToolConfig config,
            WasmLimits limits,
            Path workspace,
            EgressPolicy egress,
            Function<String, String> secrets,
            Instant deadline) {
        this.config = config;
        this.limits = limits;
        this.workspace = workspace;
        this.egress = egress;
        this.secrets = secrets;
        this.deadline = deadline;
    }

    /** The lines the module logged in this call. */
    List<String> logs() {
        return List.copyOf(logs);
    }

    List<HostFunction> functions() {
        FunctionType twoToOne = FunctionType.of(List.of(ValType.I32, ValType.I32), List.of(ValType.I32));
        FunctionType fourToOne =
                FunctionType.of(List.of(ValType.I32, ValType.I32, ValType.I32, ValType.I32), List.of(ValType.I32));
        return List.of(
                new HostFunction(MODULE, "log", twoToOne, (inst, args) -> one(log(inst, args))),
                new HostFunction(MODULE, "read_file", fourToOne, (inst, args) -> one(readFile(inst, args))),
                new HostFunction(MODULE, "http_get", fourToOne, (inst, args) -> one(httpGet(inst, args))),
                new HostFunction(MODULE, "secret_check", twoToOne, (inst, args) -> one(secretCheck(inst, args))));
    }

    private int log(Instance inst, long[] args) {
        require(Capability.LOGGING, "log");
        if (logs.size() >= limits.maxLogEntries()) {
            throw stop("more than " + limits.maxLogEntries() + " log entries (max_log_entries)");
        }
        logs.add(string(inst.memory(), args[0], args[1]));
        return 0;
    }

    private int readFile(Instance inst, long[] args) {
        require(Capability.WORKSPACE_READ, "read_file");
        String path = string(inst.memory(), args[0], args[1]);
        Path file = insideWorkspace(path);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw stop("read_file: no file " + path + " in the workspace");
            }
            long size = Files.size(file);
            if (size > limits.maxFileReadBytes()) {
                throw stop("read_file: " + path + " holds " + size + " bytes, over max_file_read_bytes "
                        + limits.maxFileReadBytes());
            }
            return write(inst.memory(), Files.readAllBytes(file), args[2], args[3]);
        } catch (IOException e) {
            throw stop("read_file: " + path + " could not be read: " + e.getMessage());
        }
    }

    private int httpGet(Instance inst, long[] args) {
        require(Capability.HTTP_REQUEST, "http_get");
        String url = string(inst.memory(), args[0], args[1]);
        if (config.endpointAllowlist().stream().noneMatch(e -> endpointMatches(e, url))) {
            throw stop("http_get: " + url + " is not in its endpoint_allowlist " + config.endpointAllowlist());
        }
        // As G1: an unconfigured platform allowlist checks nothing (the tool's own list still holds).
        EgressPolicy.UrlCheck check = egress.allowlist().isEmpty() ? null : egress.check(url);
        if (check != null && !check.allowed()) {
            throw stop("http_get: " + url + " refused by the egress allowlist (G1): " + check.reason());
        }
        if (++httpRequests > limits.maxHttpRequests()) {
            throw stop("more than " + limits.maxHttpRequests() + " HTTP requests (max_http_requests)");
        }
        Duration left = Duration.between(Instant.now(), deadline);
        if (left.isNegative() || left.isZero()) {
            throw stop("execution_timeout_secs reached");
        }
        try {
            HttpResponse<InputStream> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url)).timeout(left).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limits.maxFileReadBytes()));
                if (response.statusCode() / 100 != 2) {
                    return -1_000_000 - response.statusCode();
                }
                return write(inst.memory(), bytes, args[2], args[3]);
            }
        } catch (IOException e) {
            throw stop("http_get: " + url + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw stop("http_get: interrupted");
        }
    }

    private int secretCheck(Instance inst, long[] args) {
        require(Capability.SECRET_CHECK, "secret_check");
        String name = string(inst.memory(), args[0], args[1]);
        if (!config.secrets().contains(name)) {
            throw stop("secret_check: the secret " + name + " is not among its secrets " + config.secrets());
        }
        String value = secrets.apply(name);
        return value != null && !value.isEmpty() ? 1 : 0;
    }

    // ---- rules ------------------------------------------------------------------------------

    private void require(Capability capability, String function) {
        if (!config.capabilities().contains(capability)) {
            throw stop(
                    function + " needs the capability " + capability.fileName() + ", which the tool was not granted");
        }
    }

    /** The file a relative path names, when it lies under one of the prefixes (after normalising). */
    private Path insideWorkspace(String path) {
        Path relative;
        try {
            relative = Path.of(path).normalize();
        } catch (RuntimeException e) {
            throw stop("read_file: " + path + " is not a path");
        }
        String normal = relative.toString().replace('\\', '/');
        boolean under = !relative.isAbsolute()
                && !normal.startsWith("..")
                && config.workspacePrefixes().stream().anyMatch(p -> underPrefix(normal, p));
        if (!under) {
            throw stop("read_file: " + path + " is outside its workspace_prefixes " + config.workspacePrefixes());
        }
        Path file = workspace.resolve(relative).normalize();
        if (!file.startsWith(workspace.normalize())) {
            throw stop("read_file: " + path + " is outside the workspace");
        }
        return file;
    }

    private static boolean underPrefix(String path, String prefix) {
        String p = Path.of(prefix).normalize().toString().replace('\\', '/');
        if (p.isEmpty() || p.equals(".")) {
            return true;
        }
        return path.equals(p) || path.startsWith(p.endsWith("/") ? p : p + "/");
    }

    static boolean endpointMatches(String entry, String url) {
        if (entry.contains("*")) {
            return Glob.matches(entry, url);
        }
        if (!url.startsWith(entry)) {
            return false;
        }
        // a prefix ends at a boundary: https://api.x.com must not admit https://api.x.com.evil.org
        if (url.length() == entry.length() || entry.endsWith("/")) {
            return true;
        }
        char next = url.charAt(entry.length());
        return next == '/' || next == '?' || next == '#';
    }

    private WasmStopped stop(String why) {
        return new WasmStopped("WASM tool " + config.name() + " stopped: " + why);
    }

    // ---- memory -----------------------------------------------------------------------------

    private String string(Memory memory, long ptr, long len) {
        if (len < 0 || len > limits.maxFileReadBytes() + 4096) {
            throw stop("a string argument of " + len + " bytes");
        }
        return memory.readString((int) ptr, (int) len, StandardCharsets.UTF_8);
    }

    private static int write(Memory memory, byte[] bytes, long ptr, long cap) {
        if (bytes.length > cap) {
            return -bytes.length;
        }
        memory.write((int) ptr, bytes);
        return bytes.length;
    }

    private static long[] one(int value) {
        return new long[] {value};
    }
}
