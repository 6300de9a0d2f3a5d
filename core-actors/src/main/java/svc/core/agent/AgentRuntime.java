package svc.core.agent;

import java.util.concurrent.Executor;
import svc.core.CoreSettings;
import svc.core.llm.LlmProvider;
import svc.core.platform.LiveFeed;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;

/**
 * Everything an agent entity needs besides its own journal, handed over once when sharding is
 * initialised: who the agents are, how to reach their models, the tools and the permission seam,
 * where blocking work runs, and where live events go.
 */
public record AgentRuntime(
        CoreSettings settings,
        AgentDirectory directory,
        java.util.function.Function<AgentProfile, LlmProvider> providers,
        ToolRegistry tools,
        ToolPermissions permissions,
        Executor blockingExecutor,
        LiveFeed liveFeed,
        svc.core.telemetry.Tracing tracing) {}
