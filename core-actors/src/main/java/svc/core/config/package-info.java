/**
 * The server's HOCON configuration as the two lowest layers of the resolved configuration:
 * built-in defaults and the {@code SVC_*} environment, told apart value by value.
 */
package svc.core.config;
