-- G14 lineage: dataset -> model -> deployment. Deleting a dataset nulls its models' reference;
-- deleting a model deletes its deployments. Fed from the run journal by the run projection.
CREATE TABLE IF NOT EXISTS lineage_datasets (
  dataset_id      VARCHAR(64)   PRIMARY KEY,
  uri             VARCHAR(4000) NOT NULL,
  sha256          VARCHAR(64)   NOT NULL,
  consent_doc_ref VARCHAR(512),
  created_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX IF NOT EXISTS lineage_datasets_consent_idx ON lineage_datasets (consent_doc_ref);

CREATE TABLE IF NOT EXISTS lineage_models (
  model_id    VARCHAR(128) PRIMARY KEY,
  dataset_id  VARCHAR(64) REFERENCES lineage_datasets (dataset_id) ON DELETE SET NULL,
  run_id      VARCHAR(64)  NOT NULL,
  learner     VARCHAR(128),
  created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE IF NOT EXISTS lineage_deployments (
  deployment_id VARCHAR(128) PRIMARY KEY,
  model_id      VARCHAR(128) NOT NULL REFERENCES lineage_models (model_id) ON DELETE CASCADE,
  environment   VARCHAR(64),
  traffic_pct   INT,
  created_at    TIMESTAMP WITH TIME ZONE NOT NULL
);

ALTER TABLE runs ADD COLUMN IF NOT EXISTS consent_doc_ref VARCHAR(512);
ALTER TABLE runs ADD COLUMN IF NOT EXISTS dataset_id VARCHAR(64);
ALTER TABLE runs ADD COLUMN IF NOT EXISTS model_id VARCHAR(128);

-- Approval gates that hold a tool call (the permission engine's ASK) name the tool and agent.
ALTER TABLE approvals ADD COLUMN IF NOT EXISTS tool VARCHAR(256);
ALTER TABLE approvals ADD COLUMN IF NOT EXISTS agent VARCHAR(256);
