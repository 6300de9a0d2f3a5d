-- Read-side tables, fed from the journal by projections: lists and filters never replay journals.
CREATE TABLE IF NOT EXISTS runs (
  run_id        VARCHAR(64)  PRIMARY KEY,
  state         VARCHAR(32)  NOT NULL,
  template      VARCHAR(128) NOT NULL,
  profile       VARCHAR(128),
  problem       VARCHAR(8000) NOT NULL,
  dataset_path  VARCHAR(4000) NOT NULL,
  target        VARCHAR(256),
  created_by    VARCHAR(256),
  created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
  updated_at    TIMESTAMP WITH TIME ZONE NOT NULL,
  current_node  VARCHAR(128),
  cost_usd      DOUBLE PRECISION DEFAULT 0 NOT NULL,
  failure       VARCHAR(8000)
);
CREATE INDEX IF NOT EXISTS runs_state_idx ON runs (state);
CREATE INDEX IF NOT EXISTS runs_created_idx ON runs (created_at);

CREATE TABLE IF NOT EXISTS approvals (
  gate_id                VARCHAR(64)  PRIMARY KEY,
  run_id                 VARCHAR(64)  NOT NULL,
  node                   VARCHAR(128) NOT NULL,
  type                   VARCHAR(32)  NOT NULL,
  state                  VARCHAR(32)  NOT NULL,
  created_at             TIMESTAMP WITH TIME ZONE NOT NULL,
  ttl_seconds            BIGINT,
  escalate_after_seconds BIGINT,
  escalated_at           TIMESTAMP WITH TIME ZONE,
  notify_channels        VARCHAR(4000),
  decided_by             VARCHAR(256),
  decided_at             TIMESTAMP WITH TIME ZONE,
  rationale              VARCHAR(8000)
);
CREATE INDEX IF NOT EXISTS approvals_state_idx ON approvals (state);
CREATE INDEX IF NOT EXISTS approvals_run_idx ON approvals (run_id);

-- Spend per agent, summed into runs.cost_usd.
CREATE TABLE IF NOT EXISTS run_agent_costs (
  run_id   VARCHAR(64)  NOT NULL,
  agent    VARCHAR(128) NOT NULL,
  cost_usd DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (run_id, agent)
);
