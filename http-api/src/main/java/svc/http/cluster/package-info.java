/** The cluster over HTTP: {@code GET /api/v1/cluster} (members, singletons, shards per node). */
package svc.http.cluster;
