-- Ending sessions for real (issue 18 item 4) and single-use social login nonces (item 8).
--
-- An access token issued before sessions_valid_after is refused on every request: a password change or
-- reset sets it, so every access token of the old password dies at once, on every app node (the check
-- reads the same row as the ban check, so it costs no extra query).
ALTER TABLE users ADD COLUMN sessions_valid_after timestamptz;

-- Whatever changes a password (the app, a support tool, an admin's SQL) ends every session of the user:
-- earlier access tokens are refused, refresh tokens revoked, and every node closes the user's sockets.
-- The app's own password change then moves sessions_valid_after to its clock and starts this device's
-- new session after it (accounts/session.service.ts).
CREATE FUNCTION end_sessions_on_password_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sessions_valid_after := greatest(NEW.sessions_valid_after, now());
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  PERFORM pg_notify('velvet_events', json_build_object('type', 'sessions-ended', 'userId', NEW.id)::text);
  RETURN NEW;
END $$;
CREATE TRIGGER users_password_changed BEFORE UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION end_sessions_on_password_change();

-- A Google/Apple nonce is issued signed by the server and spent once: its digest is kept here until the
-- nonce would have expired anyway, on the same pattern as spent_proofs.
CREATE TABLE spent_login_nonces (
  digest     bytea PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_login_nonces_expiry ON spent_login_nonces (expires_at);

-- The session check of every request asks whether the token's refresh family is still alive: only live
-- rows matter, so the partial index stays small however many rotations a family went through.
CREATE INDEX refresh_tokens_live_family ON refresh_tokens (family_id) WHERE revoked_at IS NULL;
