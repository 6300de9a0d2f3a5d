-- Deployments of models by model name, as the deployment projection sees them (the journal of
-- each name's DeploymentEntity is the truth; this table lists names and their champions).
CREATE TABLE IF NOT EXISTS deployments (
  deployment_id VARCHAR(128) PRIMARY KEY,
  model_name    VARCHAR(64)  NOT NULL,
  model_id      VARCHAR(128) NOT NULL,
  run_id        VARCHAR(64),
  state         VARCHAR(16)  NOT NULL,
  traffic_pct   INT          NOT NULL,
  environment   VARCHAR(64),
  created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
  updated_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX IF NOT EXISTS deployments_model_idx ON deployments (model_name, state);

-- One row per answered inference request (its first row's answer), so that ground truth fed back
-- later (POST /api/v1/inference/{model}/feedback) joins the answer it judges. Retention class
-- shadow_predictions_days, like shadow_predictions.
CREATE TABLE IF NOT EXISTS served_predictions (
  id              BIGINT AUTO_INCREMENT PRIMARY KEY,
  request_id      VARCHAR(128) NOT NULL,
  model_name      VARCHAR(64)  NOT NULL,
  deployment_id   VARCHAR(128) NOT NULL,
  model_id        VARCHAR(128) NOT NULL,
  row_count       INT          NOT NULL,
  predicted       VARCHAR(256),
  probabilities   VARCHAR(8000),
  predicted_value DOUBLE PRECISION,
  created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
  actual          VARCHAR(256),
  correct         BOOLEAN,
  brier           DOUBLE PRECISION,
  abs_error       DOUBLE PRECISION,
  labelled_at     TIMESTAMP WITH TIME ZONE
);
CREATE INDEX IF NOT EXISTS served_predictions_request_idx ON served_predictions (model_name, request_id);
CREATE INDEX IF NOT EXISTS served_predictions_created_idx ON served_predictions (created_at);
CREATE INDEX IF NOT EXISTS served_predictions_labelled_idx ON served_predictions (deployment_id, labelled_at);

-- What each shadow deployment answered to a mirrored request, and whether it agreed with the
-- answer that was served. Retention class shadow_predictions_days.
CREATE TABLE IF NOT EXISTS shadow_predictions (
  id                   BIGINT AUTO_INCREMENT PRIMARY KEY,
  request_id           VARCHAR(128) NOT NULL,
  model_name           VARCHAR(64)  NOT NULL,
  deployment_id        VARCHAR(128) NOT NULL,
  model_id             VARCHAR(128) NOT NULL,
  served_deployment_id VARCHAR(128) NOT NULL,
  predicted            VARCHAR(256),
  served_predicted     VARCHAR(256),
  agreed               BOOLEAN      NOT NULL,
  created_at           TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX IF NOT EXISTS shadow_predictions_created_idx ON shadow_predictions (created_at);
CREATE INDEX IF NOT EXISTS shadow_predictions_deployment_idx ON shadow_predictions (deployment_id, created_at);
