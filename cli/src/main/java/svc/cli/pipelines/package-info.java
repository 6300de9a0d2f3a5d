/**
 * {@code svc pipelines}: start, list, inspect, cancel and resume runs, and follow a run's
 * WebSocket stream as readable lines ({@link svc.cli.pipelines.StreamLines}) until its final
 * state, which becomes the exit code ({@link svc.cli.pipelines.RunFollower}).
 */
package svc.cli.pipelines;
