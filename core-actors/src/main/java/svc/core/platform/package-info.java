/**
 * Wiring of the running platform. {@code Platform} starts the database, the actor system and
 * cluster, shards runs and agents, starts the read-side projections and the singletons, and hands
 * each entity its ports: {@code ShardedRunPort}, {@code ShardedAgentPort} and
 * {@code SingletonAdmissionPort} implement the ports of {@code svc.core.task} over sharding and a
 * singleton proxy. What varies between a server, the demo and tests (model providers, tools,
 * governance) comes from a {@code Platform.PartsFactory}; {@code StandardParts} is the one a
 * server and the demo use.
 */
package svc.core.platform;
