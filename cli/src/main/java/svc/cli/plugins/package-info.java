/** {@code svc plugins}: list, inspect, install, remove; commands and their invocation. */
package svc.cli.plugins;
