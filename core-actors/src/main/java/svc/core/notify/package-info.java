/**
 * Notifications: the outbox rows the run projection writes for gate created, escalated and
 * expired and for a budget pause, and the cluster-singleton dispatcher that delivers them to
 * {@code webhook:} and {@code email:} channels with retries, under the egress allowlist (G1).
 */
package svc.core.notify;
