/**
 * The task protocol between runs, agents and the admission queue, and the ports through which
 * each reaches the others. An entity receives its ports in its runtime record; {@code Platform}
 * implements them over cluster sharding. So no entity package imports another's, and each can
 * be tested alone with a port that records what it was asked.
 */
package svc.core.task;
