-- Every permission denial, with the rule source that decided it (spec: permission denial record).
CREATE TABLE IF NOT EXISTS permission_denials (
  id       BIGINT AUTO_INCREMENT PRIMARY KEY,
  source   VARCHAR(64)   NOT NULL,
  rule_id  VARCHAR(256),
  reason   VARCHAR(4000) NOT NULL,
  run_id   VARCHAR(64),
  agent    VARCHAR(256),
  tool     VARCHAR(256),
  ts       TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX IF NOT EXISTS permission_denials_ts_idx ON permission_denials (ts);
