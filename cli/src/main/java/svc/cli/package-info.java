/**
 * The svc command line: server, demo, API client and deployment tooling.
 */
package svc.cli;
