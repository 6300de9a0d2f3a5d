/** The read-side table of approval gates: pending lists, decisions and escalations. */
package svc.persistence.approvals;
