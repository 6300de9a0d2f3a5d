/**
 * The pure parts of subject erasure (G15): the signed {@link svc.governance.erasure.ErasureReceipt},
 * the JSONL {@link svc.governance.erasure.ConversationTombstoner} and the CSV/JSONL
 * {@link svc.governance.erasure.DatasetRowEraser}. They work on lines in memory; reading and
 * rewriting files, nulling lineage references and the endpoints live in persistence and http-api.
 * A blank subject id is an {@link svc.governance.erasure.InvalidSubjectIdException} (HTTP 400).
 */
package svc.governance.erasure;
