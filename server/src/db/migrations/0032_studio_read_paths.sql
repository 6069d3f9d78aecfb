-- Each creator's most viewed posts over the 7, 28 and 90 UTC days ending on `through`, written by the
-- analytics rollup (analytics/README.md "Top posts") so the studio reads ten rows instead of summing every
-- post's daily rows of the range on each request. `posts` is the ranked list, most viewed first (ties by
-- the newer post): [{id, views, watch_ms, completions, likes, shares}], at most ten.
CREATE TABLE account_top_posts (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  days    smallint NOT NULL CHECK (days IN (7, 28, 90)),
  through date NOT NULL,
  posts   jsonb NOT NULL,
  PRIMARY KEY (user_id, days)
);

-- The rollup refreshes, besides the creators active on the days it rebuilds, every list whose range no
-- longer ends today.
CREATE INDEX account_top_posts_through ON account_top_posts (through);

-- The studio's list filtered by state (studio.repository.ts `list`): the creator's posts of one status,
-- newest first, a keyset page from the cursor on. posts_by_user serves the unfiltered list; with a filter
-- it read every post of the creator's to find a page of drafts.
CREATE INDEX posts_studio_by_status ON posts (user_id, status, created_at DESC, id DESC) WHERE deleted_at IS NULL;
