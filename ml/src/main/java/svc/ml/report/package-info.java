/**
 * Human-readable evidence of a run: the model card ({@code model_card.md}, after Mitchell et al.,
 * "Model Cards for Model Reporting", 2019) and the audit PDF ({@code audit.pdf}). Both are pure
 * renderings of one {@link svc.ml.report.RunReport}; the PDF leaves signing to the governance
 * module through {@link svc.ml.report.SignatureBlock} and {@link svc.ml.report.AuditPdfWriter#bytesToSign}.
 */
package svc.ml.report;
