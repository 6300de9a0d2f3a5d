package svc.core.batch;

import java.time.Clock;
import java.util.concurrent.Executor;
import svc.core.tools.ToolInvoker;

/**
 * What every batch entity is given: where its blocking work runs (the ML dispatcher: models,
 * tools and file IO), the live feed, the governed tool invoker for {@code custom}, the clock, and
 * the batches' files (sealed with at-rest encryption on).
 */
public record BatchRuntime(Executor blocking, BatchFeed feed, ToolInvoker tools, Clock clock, BatchFiles files) {}
