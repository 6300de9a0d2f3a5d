/**
 * The HTTP face of svc: routes, auth, problem details, WebSockets and metrics.
 */
package svc.http;
