/**
 * Permission engine, guardrails, PII recognizers, crypto and signing: pure functions.
 */
package svc.governance;
