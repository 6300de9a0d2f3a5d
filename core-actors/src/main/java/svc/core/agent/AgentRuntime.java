package svc.core.agent;

import java.util.concurrent.Executor;
import java.util.function.Function;
import svc.core.CoreSettings;
import svc.core.llm.LlmProvider;
import svc.core.task.LiveFeed;
import svc.core.task.RunPort;
import svc.core.telemetry.Tracing;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.persistence.store.WorkingCopy;

/**
 * Everything an agent entity needs besides its own journal, handed over once when sharding is
 * initialised: who the agents are, how to reach their models, the tools and the permission seam,
 * where blocking work runs, the port to its run, how agents reach agents (itself included), and
 * where live events go, and this node's working copy of the run files.
 */
public record AgentRuntime(
        CoreSettings settings,
        AgentDirectory directory,
        Function<AgentProfile, LlmProvider> providers,
        ToolRegistry tools,
        ToolPermissions permissions,
        Executor blockingExecutor,
        RunPort runs,
        AgentMail mail,
        LiveFeed<AgentEntity.Event> liveFeed,
        Tracing tracing,
        WorkingCopy files) {}
