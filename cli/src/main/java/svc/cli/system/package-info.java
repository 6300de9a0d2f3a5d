/** {@code svc health}: whether a server is alive and ready, from its unauthenticated probes. */
package svc.cli.system;
