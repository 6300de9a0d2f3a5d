package svc.core.tools.ml;

import java.nio.file.Path;
import svc.ml.report.SignatureBlock;

/**
 * Signs the audit PDF (G11). The governance module provides the drivers; {@link #UNSIGNED}
 * leaves the PDF unsigned and says so in its signature block.
 */
public interface AuditSigner {

    /** Signs {@code content} (the PDF without its signature block) for the artefact at {@code pdf}. */
    SignatureBlock sign(byte[] content, Path pdf) throws Exception;

    /** Called once the PDF is on disk (detached signatures, receipts); nothing by default. */
    default void afterWrite(Path pdf) {}

    AuditSigner UNSIGNED = (content, pdf) -> null;
}
