/** {@code svc approvals}: the human-in-the-loop gates, listed and decided with a rationale. */
package svc.cli.approvals;
