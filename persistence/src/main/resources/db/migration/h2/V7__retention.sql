-- The retention sweep looks for finished runs that ended before a cut-off (state, then updated_at).
CREATE INDEX IF NOT EXISTS runs_state_updated_idx ON runs (state, updated_at);

-- When a cron job's last slot was claimed: a built-in job's slot whose run never ended is fired
-- again once the claim is old enough that its node must have stopped (see BuiltInJob).
ALTER TABLE cron_jobs ADD COLUMN IF NOT EXISTS claimed_at TIMESTAMP WITH TIME ZONE;
