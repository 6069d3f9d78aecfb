-- Answers the response cache keeps for 60 s (http/response-cache.ts) may hold a post or an account that
-- has just been withdrawn. Whatever withdraws it (the owner, a moderator, an operator's SQL), these
-- triggers announce `content-withdrawn` on the event bus in the same transaction, and every node drops its
-- stored answers when the transaction commits (NOTIFY is delivered on commit).
CREATE FUNCTION announce_content_withdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('velvet_events', json_build_object('type', 'content-withdrawn')::text);
  RETURN NULL;
END $$;

-- A published post (6) that is deleted or leaves that state (private, removed, blocked).
CREATE TRIGGER posts_withdrawn AFTER UPDATE OF status, deleted_at ON posts
  FOR EACH ROW WHEN (OLD.status = 6 AND OLD.deleted_at IS NULL AND (NEW.status <> 6 OR NEW.deleted_at IS NOT NULL))
  EXECUTE FUNCTION announce_content_withdrawn();

CREATE TRIGGER users_withdrawn AFTER UPDATE OF banned_at, delete_requested_at ON users
  FOR EACH ROW WHEN ((OLD.banned_at IS NULL AND NEW.banned_at IS NOT NULL)
    OR (OLD.delete_requested_at IS NULL AND NEW.delete_requested_at IS NOT NULL))
  EXECUTE FUNCTION announce_content_withdrawn();
