/**
 * The actor system: run entities, agents, LLM providers, tool dispatch and approval gates.
 */
package svc.core;
