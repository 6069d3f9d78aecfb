-- Accounts: spent bot-check proofs. An ALTCHA proof is valid until its challenge expires; remembering its
-- signature until then makes each proof single use across every app node.
CREATE TABLE spent_proofs (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_proofs_expiry ON spent_proofs (expires_at);
