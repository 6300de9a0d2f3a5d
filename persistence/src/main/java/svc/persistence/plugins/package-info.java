/** The installed plugins (their archives) and the audit rows of their shell-hook executions. */
package svc.persistence.plugins;
