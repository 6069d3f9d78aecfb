-- Creators asking to be verified (compliance/README.md). Until the identity flow exists the operators get
-- an e-mail and answer by hand; the row keeps the request so an account has at most one open at a time.
CREATE TABLE verification_requests (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state      text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  mailed_at  timestamptz,
  closed_at  timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'closed') = (closed_at IS NOT NULL))
);
CREATE UNIQUE INDEX verification_requests_one_open ON verification_requests (user_id) WHERE state = 'open';
