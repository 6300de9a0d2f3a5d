/**
 * {@code svc settings}: check a settings file and show a project's effective configuration. Works
 * on the local file only; no server is needed.
 */
package svc.cli.settings;
