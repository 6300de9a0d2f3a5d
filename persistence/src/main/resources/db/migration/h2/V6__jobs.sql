-- Batch jobs as the batch projection sees them (the journal is the truth; this table lists them).
CREATE TABLE IF NOT EXISTS batches (
  batch_id     VARCHAR(64)  PRIMARY KEY,
  kind         VARCHAR(16)  NOT NULL,
  run_id       VARCHAR(64),
  state        VARCHAR(16)  NOT NULL,
  total        BIGINT       NOT NULL,
  processed    BIGINT       NOT NULL,
  errors       BIGINT       NOT NULL,
  created_by   VARCHAR(256),
  created_at   TIMESTAMP WITH TIME ZONE NOT NULL,
  updated_at   TIMESTAMP WITH TIME ZONE NOT NULL,
  failure      VARCHAR(4000)
);
CREATE INDEX IF NOT EXISTS batches_created_idx ON batches (created_at);

-- Cron jobs; last_slot is the last schedule slot fired (compare-and-set, so a slot fires once).
CREATE TABLE IF NOT EXISTS cron_jobs (
  name        VARCHAR(128)  PRIMARY KEY,
  schedule    VARCHAR(128)  NOT NULL,
  timezone    VARCHAR(64)   NOT NULL,
  kind        VARCHAR(16)   NOT NULL,
  params      VARCHAR(8000) NOT NULL,
  created_by  VARCHAR(256),
  created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
  last_slot   TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Each firing of a cron job (a schedule slot or a manual run).
CREATE TABLE IF NOT EXISTS cron_runs (
  id           BIGINT AUTO_INCREMENT PRIMARY KEY,
  name         VARCHAR(128)  NOT NULL,
  slot         TIMESTAMP WITH TIME ZONE,
  trigger_kind VARCHAR(16)   NOT NULL,
  status       VARCHAR(16)   NOT NULL,
  started_at   TIMESTAMP WITH TIME ZONE NOT NULL,
  duration_ms  BIGINT        NOT NULL,
  output       VARCHAR(8000)
);
CREATE INDEX IF NOT EXISTS cron_runs_name_idx ON cron_runs (name, started_at);
