-- Discovery: search over posts, tags, users and playlists; recorded queries for trends; banners; contact
-- and abuse messages. See server/src/search/README.md for the search design.

-- Prefix lookups of the whisperer (LIKE 'abc%') on the accent-free, lower-case forms.
CREATE INDEX tag_translations_prefix ON tag_translations (normalized text_pattern_ops);
CREATE INDEX tags_prefix ON tags (tag text_pattern_ops);
CREATE INDEX users_username_prefix ON users ((lower(username::text)) text_pattern_ops);
CREATE INDEX users_display_name_trgm ON users USING gin ((immutable_unaccent(lower(display_name))) gin_trgm_ops);
-- Alphabet and category listings read tags by usage; categories are few.
CREATE INDEX tags_categories ON tags (use_count DESC, id DESC) WHERE is_category;
CREATE INDEX tags_post_likes ON tags (post_likes_count DESC, id DESC);
CREATE INDEX sounds_by_use ON sounds (uses_count DESC, id DESC);

-- Searches per country, query and day: the trend lists (top, popular, combo, random) sum these rows.
-- `query` is the normalised text (lower case, single spaces); `results` is the latest result count seen.
CREATE TABLE search_queries (
  country  char(2) NOT NULL,
  query    text NOT NULL CHECK (length(query) BETWEEN 1 AND 100),
  day      date NOT NULL DEFAULT current_date,
  searches integer NOT NULL DEFAULT 1 CHECK (searches >= 0),
  results  integer NOT NULL DEFAULT 0 CHECK (results >= 0),
  PRIMARY KEY (country, day, query)
);
-- All countries at once, for the whisperer's "people searched" suggestions.
CREATE TABLE search_query_totals (
  query       text PRIMARY KEY CHECK (length(query) BETWEEN 1 AND 100),
  searches    bigint NOT NULL DEFAULT 1 CHECK (searches >= 0),
  results     integer NOT NULL DEFAULT 0,
  searched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_query_totals_prefix ON search_query_totals (query text_pattern_ops);

-- Promotional banners (spec §7 GET /api/prbn). Operators edit this table directly; see banners/README.md.
CREATE TABLE banners (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position   text NOT NULL CHECK (position ~ '^[a-z0-9-]{1,32}$'),
  lgbt       smallint NOT NULL DEFAULT 0 CHECK (lgbt BETWEEN 0 AND 3),   -- 0: every orientation
  priority   integer NOT NULL DEFAULT 0,
  tags       text[] NOT NULL DEFAULT '{}',                               -- normalised tag names
  title      text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body       text NOT NULL DEFAULT '' CHECK (length(body) <= 400),
  link_url   text NOT NULL CHECK (link_url ~ '^(/|https://)'),
  image_url  text CHECK (image_url IS NULL OR image_url ~ '^(/|https://)'),
  starts_at  timestamptz NOT NULL DEFAULT now(),
  ends_at    timestamptz,
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX banners_slot ON banners (position, priority DESC, id DESC) WHERE active;

-- Messages from the contact form and abuse reports, kept whether or not the e-mail to operators went out.
CREATE TABLE contact_messages (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('contact', 'abuse')),
  email          citext,
  subject        text NOT NULL DEFAULT '' CHECK (length(subject) <= 200),
  text           text NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
  user_agent     text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 500),
  sender_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  post_id        bigint REFERENCES posts (id) ON DELETE SET NULL,
  abuse_user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  ip             text NOT NULL DEFAULT '',
  mailed_at      timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_recent ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_post ON contact_messages (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX contact_messages_user ON contact_messages (abuse_user_id) WHERE abuse_user_id IS NOT NULL;

-- ALTCHA solutions already used: a solved challenge is good for one message only.
CREATE TABLE altcha_spent (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX altcha_spent_expiry ON altcha_spent (expires_at);
