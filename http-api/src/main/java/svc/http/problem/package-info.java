/**
 * Problem details (RFC 7807): the failure type every handler throws, and the single mapping of
 * any failure to a status, a type slug and a body with the correlation id.
 */
package svc.http.problem;
