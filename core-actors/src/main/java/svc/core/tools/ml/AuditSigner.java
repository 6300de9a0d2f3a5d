package svc.core.tools.ml;

import java.io.IOException;
import java.nio.file.Path;
import svc.config.io.AtomicFiles;
import svc.ml.report.SignatureBlock;

/**
 * Signs the audit PDF (G11). The governance module provides the drivers; {@link #UNSIGNED}
 * leaves the PDF unsigned and says so in its signature block.
 */
public interface AuditSigner {

    /** Signs {@code content} (the PDF without its signature block) for the artefact at {@code pdf}. */
    SignatureBlock sign(byte[] content, Path pdf) throws Exception;

    /**
     * Writes the PDF's bytes to {@code pdf} with whatever goes beside it (detached signature,
     * receipt), all or nothing: a full disk leaves the earlier PDF and its sidecars as they were.
     */
    default void write(Path pdf, byte[] bytes) throws IOException {
        AtomicFiles.write(pdf, bytes);
    }

    AuditSigner UNSIGNED = (content, pdf) -> null;
}
