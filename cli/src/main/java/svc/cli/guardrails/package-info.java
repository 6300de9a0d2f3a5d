/** {@code svc guardrails}: try the built-in guardrails on a text without a server. */
package svc.cli.guardrails;
