/** Approval gates over HTTP: the pending list and the operator's decision. */
package svc.http.approvals;
