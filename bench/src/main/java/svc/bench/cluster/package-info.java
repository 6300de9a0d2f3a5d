/** Several {@code svc server} processes: runs per minute on one and three nodes, and failover time. */
package svc.bench.cluster;
