package svc.core.batch;

import java.time.Clock;
import java.util.concurrent.Executor;
import svc.core.tools.ToolInvoker;

/**
 * What every batch entity is given: where its blocking work runs (the ML dispatcher: models,
 * tools and file IO), the live feed, the governed tool invoker for {@code custom}, and the clock.
 */
public record BatchRuntime(Executor blocking, BatchFeed feed, ToolInvoker tools, Clock clock) {}
