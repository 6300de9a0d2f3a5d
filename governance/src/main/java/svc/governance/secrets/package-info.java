/**
 * G6: keeps credentials out of logs. {@link svc.governance.secrets.SecretRedactor} is the pure
 * function (13 patterns plus a Shannon-entropy fallback); {@link svc.governance.secrets.SecretRedactingFilter}
 * is the logback glue that applies it to every event of every logger.
 */
package svc.governance.secrets;
