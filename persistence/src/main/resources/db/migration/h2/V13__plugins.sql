-- Installed plugins: the archive itself (a normalised .tar.gz, size-capped at install) lives in the
-- database, so every node sees the same plugins; nodes unpack it into a local cache they refresh
-- from here. The sha256 tells a node whether its cached copy is still current.
CREATE TABLE IF NOT EXISTS plugins (
  name          VARCHAR(64)   PRIMARY KEY,
  version       VARCHAR(128)  NOT NULL,
  description   VARCHAR(4000) NOT NULL,
  sha256        VARCHAR(64)   NOT NULL,
  archive       BLOB          NOT NULL,
  installed_at  TIMESTAMP WITH TIME ZONE NOT NULL,
  installed_by  VARCHAR(256)
);

-- One row per shell-hook execution (spec: one audit row per execution), whatever its outcome.
CREATE TABLE IF NOT EXISTS plugin_hook_executions (
  id           BIGINT AUTO_INCREMENT PRIMARY KEY,
  plugin       VARCHAR(64)   NOT NULL,
  event        VARCHAR(32)   NOT NULL,
  command      VARCHAR(4000) NOT NULL,
  exit_code    INT           NOT NULL,
  outcome      VARCHAR(16)   NOT NULL,
  detail       VARCHAR(4000),
  run_id       VARCHAR(64),
  agent        VARCHAR(256),
  tool         VARCHAR(256),
  duration_ms  BIGINT        NOT NULL,
  ts           TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX IF NOT EXISTS plugin_hook_executions_ts_idx ON plugin_hook_executions (ts);
