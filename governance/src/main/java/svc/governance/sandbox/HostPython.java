package svc.governance.sandbox;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The real interpreter behind {@code python3} on PATH (which may be a shim such as pyenv's that
 * would itself start processes), and the prefix its standard library lives under.
 */
record HostPython(Path executable, Path basePrefix) {

    static Optional<HostPython> find() {
        if (HostProbe.onPath("python3").isEmpty()) {
            return Optional.empty();
        }
        HostProbe.Answer a = HostProbe.ask(
                Duration.ofSeconds(20),
                List.of("python3", "-I", "-S", "-c", "import sys; print(sys.executable); print(sys.base_prefix)"));
        List<String> lines = a.output().strip().lines().toList();
        if (!a.succeeded() || lines.size() != 2 || lines.get(0).isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new HostPython(Path.of(lines.get(0)), Path.of(lines.get(1))));
    }
}
