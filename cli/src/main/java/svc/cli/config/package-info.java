/** {@code svc config}: the resolved configuration of a running server, with where each value came from. */
package svc.cli.config;
