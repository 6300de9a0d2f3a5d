/**
 * The server: settings, the endpoint list and its router, the request pipeline (auth, RBAC,
 * limits, problem details, metrics, logs) and the binding.
 */
package svc.http.server;
