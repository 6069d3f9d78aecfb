-- Every word the full text search knows (the lexemes of posts.search_vector: titles and tag names in all
-- languages), for typo tolerance by word (search.repository.ts, searchPostIds): a misspelt word of a query is
-- replaced by the known words closest to it, and the corrected query goes through the same full text index.
-- Matching each title against the whole query by trigrams instead read every title sharing a common
-- trigram with it (125,000 titles for "beach sunset" at 1M posts).
-- A word stays when its last post goes: it then corrects to a word that finds nothing, which is harmless.
CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY
);
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);

CREATE FUNCTION remember_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT unnest(tsvector_to_array(NEW.search_vector)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER posts_search_words AFTER INSERT OR UPDATE OF search_vector ON posts
  FOR EACH ROW WHEN (NEW.search_vector IS NOT NULL) EXECUTE FUNCTION remember_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM posts WHERE search_vector IS NOT NULL
ON CONFLICT DO NOTHING;
