/**
 * Several nodes: the cluster settings ({@code SVC_CLUSTER_SEEDS}, {@code SVC_CLUSTER_HOST},
 * {@code SVC_CLUSTER_PORT}) and what a node needs before it may join others, the cluster's view
 * (members, singletons, shards) and the waking of runs a lost node hosted.
 */
package svc.core.cluster;
