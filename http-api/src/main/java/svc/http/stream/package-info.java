/**
 * The run's WebSocket stream: history replayed from the journal, then live messages without
 * duplicates, through a bounded per-client queue that drops a client rather than slow a run.
 */
package svc.http.stream;
