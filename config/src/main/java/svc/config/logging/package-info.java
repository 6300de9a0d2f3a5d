/**
 * Logging setup shared by every svc process: JSON lines by default (logback + logstash encoder,
 * configured in {@code logback.xml}), a readable pattern with {@code SVC_LOG_FORMAT=text}, the
 * level from {@code SVC_LOG_LEVEL}, and {@link svc.config.logging.Mdc} for the run, agent and
 * correlation ids that tie a line to its run.
 */
package svc.config.logging;
