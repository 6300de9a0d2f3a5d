/** Approval-gate housekeeping: the escalation and expiry sweep (G16). */
package svc.core.gates;
