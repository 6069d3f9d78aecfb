-- Every app process keeps the post cards it has read in memory (posts/card-cache.ts). Whatever changes
-- what a card shows (the owner, the media pipeline, a moderator, an operator's SQL), these triggers
-- announce `cards-changed` on the event bus in the same transaction, so every node drops those cards
-- when it commits (NOTIFY is delivered on commit): `postIds` names the posts, `authorId` an account
-- whose name, avatar or standing changed, and neither means every card (a bulk change, a renamed tag).
-- Views are left out on purpose: a view bumps posts.views_count on every watch, and a card's view count
-- may lag by the cache's lifetime (CARD_CACHE_SECONDS) instead of costing a notification per view.

CREATE FUNCTION announce_cards_changed(post_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF post_ids IS NULL OR cardinality(post_ids) = 0 THEN
    RETURN;
  END IF;
  -- NOTIFY payloads stop below 8000 bytes: past 500 ids, every card goes.
  IF cardinality(post_ids) > 500 THEN
    PERFORM pg_notify('velvet_events', '{"type":"cards-changed"}');
  ELSE
    PERFORM pg_notify('velvet_events', json_build_object('type', 'cards-changed', 'postIds', post_ids)::text);
  END IF;
END $$;

-- One changed row: a post, or a row that belongs to one (its media, tags, jobs).
CREATE FUNCTION announce_card_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    PERFORM announce_cards_changed(ARRAY[NEW.id]);
  ELSE
    PERFORM announce_cards_changed(ARRAY(SELECT DISTINCT id FROM unnest(ARRAY[OLD.post_id, NEW.post_id]) AS id WHERE id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- Rows inserted or deleted by one statement (a bulk load is one notification, not one per row).
CREATE FUNCTION announce_card_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    PERFORM announce_cards_changed(ARRAY(SELECT id FROM changed_rows LIMIT 501));
  ELSE
    PERFORM announce_cards_changed(ARRAY(SELECT DISTINCT post_id FROM changed_rows WHERE post_id IS NOT NULL LIMIT 501));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION announce_card_author_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('velvet_events', json_build_object('type', 'cards-changed', 'authorId', NEW.id)::text);
  RETURN NULL;
END $$;

-- An avatar's file gets its renditions after the account points at it.
CREATE FUNCTION announce_avatar_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  author bigint;
BEGIN
  FOR author IN SELECT id FROM users WHERE avatar_media_id = NEW.id LOOP
    PERFORM pg_notify('velvet_events', json_build_object('type', 'cards-changed', 'authorId', author)::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION announce_all_cards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('velvet_events', '{"type":"cards-changed"}');
  RETURN NULL;
END $$;

CREATE TRIGGER posts_card_changed AFTER UPDATE ON posts FOR EACH ROW
  WHEN ((OLD.title, OLD.status, OLD.lgbt, OLD.likes_count, OLD.shares_count, OLD.pinned_at, OLD.published_at,
         OLD.allow_embedding, OLD.allow_downloads, OLD.sound_id, OLD.deleted_at, OLD.user_id)
        IS DISTINCT FROM
        (NEW.title, NEW.status, NEW.lgbt, NEW.likes_count, NEW.shares_count, NEW.pinned_at, NEW.published_at,
         NEW.allow_embedding, NEW.allow_downloads, NEW.sound_id, NEW.deleted_at, NEW.user_id))
  EXECUTE FUNCTION announce_card_row_changed();
CREATE TRIGGER posts_card_deleted AFTER DELETE ON posts REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();

CREATE TRIGGER media_files_card_changed AFTER UPDATE ON media_files FOR EACH ROW
  WHEN ((OLD.post_id IS NOT NULL OR NEW.post_id IS NOT NULL)
        AND (OLD.name, OLD.status, OLD.mime_type, OLD.listing_suffix, OLD.width, OLD.height, OLD.duration_ms,
             OLD.placeholder, OLD.variants, OLD.post_id, OLD.position)
            IS DISTINCT FROM
            (NEW.name, NEW.status, NEW.mime_type, NEW.listing_suffix, NEW.width, NEW.height, NEW.duration_ms,
             NEW.placeholder, NEW.variants, NEW.post_id, NEW.position))
  EXECUTE FUNCTION announce_card_row_changed();
CREATE TRIGGER media_files_card_inserted AFTER INSERT ON media_files REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();
CREATE TRIGGER media_files_card_deleted AFTER DELETE ON media_files REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();
CREATE TRIGGER media_files_avatar_changed AFTER UPDATE OF variants ON media_files FOR EACH ROW
  WHEN (NEW.post_id IS NULL AND NEW.kind = 'image' AND OLD.variants IS DISTINCT FROM NEW.variants)
  EXECUTE FUNCTION announce_avatar_changed();

-- post_tags.listed_at follows the post's listing time (migration 0006) and is not on a card.
CREATE TRIGGER post_tags_card_changed AFTER UPDATE ON post_tags FOR EACH ROW
  WHEN ((OLD.post_id, OLD.tag_id, OLD.position) IS DISTINCT FROM (NEW.post_id, NEW.tag_id, NEW.position))
  EXECUTE FUNCTION announce_card_row_changed();
CREATE TRIGGER post_tags_card_inserted AFTER INSERT ON post_tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();
CREATE TRIGGER post_tags_card_deleted AFTER DELETE ON post_tags REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();

CREATE TRIGGER post_jobs_card_changed AFTER UPDATE ON post_jobs FOR EACH ROW
  WHEN ((OLD.post_id, OLD.kind, OLD.state) IS DISTINCT FROM (NEW.post_id, NEW.kind, NEW.state))
  EXECUTE FUNCTION announce_card_row_changed();
CREATE TRIGGER post_jobs_card_inserted AFTER INSERT ON post_jobs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();
CREATE TRIGGER post_jobs_card_deleted AFTER DELETE ON post_jobs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_rows_changed();

CREATE TRIGGER users_card_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.display_name, OLD.avatar_media_id, OLD.banned_at, OLD.delete_requested_at)
        IS DISTINCT FROM
        (NEW.username, NEW.display_name, NEW.avatar_media_id, NEW.banned_at, NEW.delete_requested_at))
  EXECUTE FUNCTION announce_card_author_changed();

-- Rare, and shared by many posts: every card goes. A sound's audio file is written by the seed only; its
-- renditions on a card follow within CARD_CACHE_SECONDS.
CREATE TRIGGER tags_card_changed AFTER UPDATE OF tag ON tags FOR EACH ROW
  WHEN (OLD.tag IS DISTINCT FROM NEW.tag) EXECUTE FUNCTION announce_all_cards_changed();
CREATE TRIGGER sounds_card_changed AFTER UPDATE OF name, media_file_id ON sounds FOR EACH ROW
  WHEN ((OLD.name, OLD.media_file_id) IS DISTINCT FROM (NEW.name, NEW.media_file_id))
  EXECUTE FUNCTION announce_all_cards_changed();
