-- Every signed-in page reads which sign-in providers the viewer's account has linked (users.repository.ts
-- `findProfile`, `linkedProviders`): by user, which the primary key (provider, subject) does not serve, so
-- each read scanned the whole table.
CREATE INDEX external_identities_by_user ON external_identities (user_id);
