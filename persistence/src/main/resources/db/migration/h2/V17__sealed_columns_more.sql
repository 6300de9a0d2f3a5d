-- At-rest encryption (SVC_AT_REST_ENCRYPTION=on) stores these columns as envelopes too
-- ("svcenc:1:" + JSON with base64 ciphertext), about 4/3 of the UTF-8 bytes plus ~300 characters.
-- predicted_value becomes text: a regression's answer is sealed like a label (clear rows keep the
-- number as text and read as before).
ALTER TABLE batches ALTER COLUMN failure SET DATA TYPE VARCHAR(65536);
ALTER TABLE notifications ALTER COLUMN payload SET DATA TYPE VARCHAR(65536);
ALTER TABLE notifications ALTER COLUMN last_error SET DATA TYPE VARCHAR(65536);
ALTER TABLE notification_attempts ALTER COLUMN error SET DATA TYPE VARCHAR(65536);
ALTER TABLE audit_log ALTER COLUMN detail SET DATA TYPE VARCHAR(65536);
ALTER TABLE served_predictions ALTER COLUMN predicted SET DATA TYPE VARCHAR(65536);
ALTER TABLE served_predictions ALTER COLUMN probabilities SET DATA TYPE VARCHAR(65536);
ALTER TABLE served_predictions ALTER COLUMN predicted_value SET DATA TYPE VARCHAR(65536);
ALTER TABLE served_predictions ALTER COLUMN actual SET DATA TYPE VARCHAR(65536);
ALTER TABLE shadow_predictions ALTER COLUMN predicted SET DATA TYPE VARCHAR(65536);
ALTER TABLE shadow_predictions ALTER COLUMN served_predicted SET DATA TYPE VARCHAR(65536);
