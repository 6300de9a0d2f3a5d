/**
 * {@code svc login}, {@code logout} and {@code whoami}: getting a token from the server, caching
 * it in {@code ~/.svc/auth.json}, forgetting it, and reading back whom it names.
 */
package svc.cli.auth;
