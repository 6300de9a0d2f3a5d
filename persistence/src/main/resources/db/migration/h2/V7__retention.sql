-- The retention sweep looks for finished runs that ended before a cut-off (state, then updated_at).
CREATE INDEX IF NOT EXISTS runs_state_updated_idx ON runs (state, updated_at);
