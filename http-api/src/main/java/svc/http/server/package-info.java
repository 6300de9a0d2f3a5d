/**
 * The server: settings, the endpoint list built into one pekko-http route with its directives
 * (correlation id, authentication, permission check, rate limit, metrics and access log,
 * problem details for every failure and rejection), JSON in and out, and the binding.
 */
package svc.http.server;
