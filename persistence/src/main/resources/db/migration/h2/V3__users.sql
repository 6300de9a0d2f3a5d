-- API users: email login with a bcrypt hash (12 rounds) and one role (viewer < operator < admin).
CREATE TABLE IF NOT EXISTS users (
  email          VARCHAR(320) PRIMARY KEY,
  password_hash  VARCHAR(100) NOT NULL,
  role           VARCHAR(16)  NOT NULL,
  created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
  created_by     VARCHAR(320)
);
