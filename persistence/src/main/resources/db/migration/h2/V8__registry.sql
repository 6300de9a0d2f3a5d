-- Datasets uploaded through the API (POST /api/v1/datasets): what the upload learned. Datasets
-- that a run read from a path have these columns null.
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS name VARCHAR(512);
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS format VARCHAR(16);
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS size_bytes BIGINT;
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS row_count BIGINT;
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS column_names CLOB;
ALTER TABLE lineage_datasets ADD COLUMN IF NOT EXISTS uploaded_by VARCHAR(256);

-- The registry lists models by run and by dataset, and a dataset's runs.
CREATE INDEX IF NOT EXISTS lineage_models_run_idx ON lineage_models (run_id);
CREATE INDEX IF NOT EXISTS lineage_models_dataset_idx ON lineage_models (dataset_id);
CREATE INDEX IF NOT EXISTS lineage_deployments_model_idx ON lineage_deployments (model_id);
CREATE INDEX IF NOT EXISTS runs_dataset_idx ON runs (dataset_id);

-- LLM spend as it happened, fed by the run projection: one row per increase of an agent's spend
-- in a run (the run's CostUpdated event), with the model and provider that spent it. The costs
-- report sums it by agent, run, model or provider over a time range.
CREATE TABLE IF NOT EXISTS cost_ledger (
  id        BIGINT AUTO_INCREMENT PRIMARY KEY,
  run_id    VARCHAR(64)  NOT NULL,
  agent     VARCHAR(128) NOT NULL,
  model     VARCHAR(256),
  provider  VARCHAR(64),
  spent_at  TIMESTAMP WITH TIME ZONE NOT NULL,
  cost_usd  DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS cost_ledger_spent_idx ON cost_ledger (spent_at);
CREATE INDEX IF NOT EXISTS cost_ledger_run_idx ON cost_ledger (run_id);

-- Spend recorded before this table existed: one row per run and agent, dated at the run's last
-- update, model and provider unknown.
INSERT INTO cost_ledger (run_id, agent, spent_at, cost_usd)
  SELECT c.run_id, c.agent, r.updated_at, c.cost_usd
  FROM run_agent_costs c JOIN runs r ON r.run_id = c.run_id
  WHERE c.cost_usd > 0;
