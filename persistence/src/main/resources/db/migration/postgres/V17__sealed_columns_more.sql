-- At-rest encryption (SVC_AT_REST_ENCRYPTION=on) stores these columns as envelopes too
-- ("svcenc:1:" + JSON with base64 ciphertext), about 4/3 of the UTF-8 bytes plus ~300 characters.
-- batches.failure, notifications.payload and last_error, notification_attempts.error,
-- audit_log.detail and served_predictions.probabilities are TEXT already.
-- predicted_value becomes text: a regression's answer is sealed like a label (clear rows keep the
-- number as text and read as before).
ALTER TABLE served_predictions ALTER COLUMN predicted TYPE VARCHAR(65536);
ALTER TABLE served_predictions ALTER COLUMN predicted_value TYPE VARCHAR(65536) USING predicted_value::text;
ALTER TABLE served_predictions ALTER COLUMN actual TYPE VARCHAR(65536);
ALTER TABLE shadow_predictions ALTER COLUMN predicted TYPE VARCHAR(65536);
ALTER TABLE shadow_predictions ALTER COLUMN served_predicted TYPE VARCHAR(65536);
