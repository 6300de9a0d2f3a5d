/**
 * The tools agents call: the {@link svc.core.tools.Tool} contract, the registry, the permission
 * seam, and the implementations that put the ML engine and the run's files in the agents' hands.
 */
package svc.core.tools;
