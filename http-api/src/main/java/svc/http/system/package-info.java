/** Unauthenticated service routes: health, readiness, branding, metrics, OpenAPI and the explorer. */
package svc.http.system;
