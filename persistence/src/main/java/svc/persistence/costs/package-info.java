/** LLM spend as it happened ({@code cost_ledger}), and the costs report summed from it. */
package svc.persistence.costs;
