/** {@code svc server}: the platform and the HTTP API in one process. */
package svc.cli.server;
