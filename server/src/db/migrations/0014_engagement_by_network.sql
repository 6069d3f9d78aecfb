-- Counted views and shares per address range (posts/README.md "Counters"): each event remembers the digest
-- of its viewer's /24 (IPv4) or /64 (IPv6), so a loop of fresh visitor tokens from one range stops at the
-- range's cap per post and window instead of buying popularity. Rows from before carry no range.
ALTER TABLE post_views ADD COLUMN network text;
CREATE INDEX post_views_by_network ON post_views (post_id, window_start, network) WHERE network IS NOT NULL;

ALTER TABLE share_events ADD COLUMN network text;
CREATE INDEX share_events_by_network ON share_events (target_id, window_start, network)
  WHERE target_kind = 'post' AND network IS NOT NULL;
