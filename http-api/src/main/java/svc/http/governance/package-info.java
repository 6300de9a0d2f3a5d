/** Governance on the API: governed tool invocation and subject erasure (G15). */
package svc.http.governance;
