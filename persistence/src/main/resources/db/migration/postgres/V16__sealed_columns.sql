-- At-rest encryption (SVC_AT_REST_ENCRYPTION=on) stores these free-text columns as envelopes
-- ("svcenc:1:" + JSON with base64 ciphertext), about 4/3 of the UTF-8 bytes plus ~300 characters.
ALTER TABLE runs ALTER COLUMN problem TYPE VARCHAR(65536);
ALTER TABLE runs ALTER COLUMN failure TYPE VARCHAR(65536);
ALTER TABLE approvals ALTER COLUMN rationale TYPE VARCHAR(65536);
ALTER TABLE permission_denials ALTER COLUMN reason TYPE VARCHAR(65536);
