-- Several nodes share these (issue 13).
-- Feature-flag overrides set through the API: the same on every node and kept across restarts.
-- Each node reads the table at start and again every few seconds (svc.features.refresh-interval).
CREATE TABLE IF NOT EXISTS feature_overrides (
  name        VARCHAR(128) PRIMARY KEY,
  enabled     BOOLEAN      NOT NULL,
  updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
-- When each node (by its cluster address) last came up, for GET /api/v1/cluster.
CREATE TABLE IF NOT EXISTS cluster_members (
  address     VARCHAR(256) PRIMARY KEY,
  up_since    TIMESTAMP WITH TIME ZONE NOT NULL
);
