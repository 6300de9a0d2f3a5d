package svc.core.platform;

import svc.core.agent.AgentEntity;
import svc.core.run.RunEntity;

/**
 * Where entities publish what just happened, after it is in the journal, for whoever watches a
 * run live (the WebSocket stream, the demo's console). Watching never slows a run down: an
 * implementation must not block and may drop events for a slow watcher.
 */
public interface LiveFeed {

    void agentEvent(String runId, String agent, AgentEntity.Event event);

    void runEvent(String runId, RunEntity.Event event);

    LiveFeed NONE = new LiveFeed() {
        @Override
        public void agentEvent(String runId, String agent, AgentEntity.Event event) {}

        @Override
        public void runEvent(String runId, RunEntity.Event event) {}
    };
}
