-- Notification outbox: one row per (run event, channel), written by the run projection in the
-- same transaction as the approvals table, delivered by the notification dispatcher singleton.
-- The unique key makes a replayed event insert nothing.
CREATE TABLE IF NOT EXISTS notifications (
  delivery_id      VARCHAR(64)   PRIMARY KEY,
  run_id           VARCHAR(64)   NOT NULL,
  event_seq        BIGINT        NOT NULL,
  event_kind       VARCHAR(32)   NOT NULL,
  gate_id          VARCHAR(256),
  channel          VARCHAR(2048) NOT NULL,
  payload          TEXT          NOT NULL,
  state            VARCHAR(16)   NOT NULL,
  attempts         INT           DEFAULT 0 NOT NULL,
  created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
  next_attempt_at  TIMESTAMP WITH TIME ZONE NOT NULL,
  last_attempt_at  TIMESTAMP WITH TIME ZONE,
  delivered_at     TIMESTAMP WITH TIME ZONE,
  last_status      VARCHAR(512),
  last_error       TEXT,
  lease_owner      VARCHAR(64),
  lease_until      TIMESTAMP WITH TIME ZONE,
  CONSTRAINT notifications_event_channel UNIQUE (run_id, event_seq, channel)
);
CREATE INDEX IF NOT EXISTS notifications_due_idx ON notifications (state, next_attempt_at);
CREATE INDEX IF NOT EXISTS notifications_created_idx ON notifications (created_at);

-- Every delivery attempt: its outcome, the HTTP status or SMTP reply, the error.
CREATE TABLE IF NOT EXISTS notification_attempts (
  delivery_id  VARCHAR(64)   NOT NULL,
  attempt      INT           NOT NULL,
  attempted_at TIMESTAMP WITH TIME ZONE NOT NULL,
  outcome      VARCHAR(16)   NOT NULL,
  status       VARCHAR(512),
  error        TEXT,
  PRIMARY KEY (delivery_id, attempt)
);
