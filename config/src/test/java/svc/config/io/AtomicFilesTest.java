package svc.config.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write that fails part way leaves the old file and no temporary file; a full disk is told from
 * other failures however deep it is wrapped. The failure is the JDK's own exception for ENOSPC,
 * thrown by the writer ({@code DiskFullProcessTest} meets the kernel's on a real tmpfs).
 */
class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void aWriteThatFailsPartWayLeavesTheOldBytesAndNoTemporaryFile() throws IOException {
        Path file = dir.resolve("metrics.json");
        AtomicFiles.writeString(file, "{\"auc\": 0.81}");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
                    out.write("{\"auc\": 0.".getBytes());
                    throw new FileSystemException(file.toString(), null, DiskFull.NO_SPACE);
                }))
                .isInstanceOf(FileSystemException.class)
                .satisfies(e -> assertThat(DiskFull.in(e)).isTrue());
        assertThat(Files.readString(file)).isEqualTo("{\"auc\": 0.81}");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
        AtomicFiles.writeString(file, "{\"auc\": 0.83}");
        assertThat(Files.readString(file)).isEqualTo("{\"auc\": 0.83}");
    }

    @Test
    void aFullDiskIsFoundInCausesSuppressedExceptionsAndText() {
        IOException enospc = new IOException(DiskFull.NO_SPACE);
        assertThat(DiskFull.in(new CompletionException(new UncheckedIOException("cannot write x", enospc))))
                .isTrue();
        RuntimeException withSuppressed = new RuntimeException("commit failed");
        withSuppressed.addSuppressed(new FileSystemException("/runs/x", null, DiskFull.QUOTA));
        assertThat(DiskFull.in(withSuppressed)).isTrue();
        assertThat(DiskFull.in("{\"error\":\"cannot write a: No space left on device\"}"))
                .isTrue();
        assertThat(DiskFull.in(new IOException("Permission denied"))).isFalse();
        assertThat(DiskFull.in((Throwable) null)).isFalse();
        assertThat(DiskFull.in((String) null)).isFalse();
    }
}
