-- Age assurance by jurisdiction (compliance/age-assurance/README.md): what each country or US state
-- requires before explicit media is served, and the age checks accounts have passed.

-- `jurisdiction`: an ISO 3166-1 country (GB), an ISO 3166-2 subdivision (US-TX), or `*` for visitors whose
-- location is unknown. A country or state without a row needs only the click-through gate.
CREATE TABLE age_assurance_rules (
  jurisdiction text PRIMARY KEY CHECK (jurisdiction ~ '^(\*|[A-Z]{2}(-[A-Z0-9]{1,3})?)$'),
  requirement  text NOT NULL CHECK (requirement IN ('click', 'provider', 'blocked')),
  note         text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
  updated_by   bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Only the outcome: the method and when. No document, no birth date, no vendor reference.
CREATE TABLE age_checks (
  user_id   bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  method    text NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
  passed_at timestamptz NOT NULL DEFAULT now()
);

-- The shipped default, to be reviewed by the operator with counsel (README.md "Default table").
INSERT INTO age_assurance_rules (jurisdiction, requirement, note) VALUES
  ('*', 'click', 'Location unknown'),
  ('GB', 'provider', 'Online Safety Act 2023, Ofcom highly effective age assurance (July 2025)'),
  ('FR', 'provider', 'SREN law 2024, Arcom technical standard (2025)'),
  ('IT', 'provider', 'AGCOM resolution 96/25/CONS (November 2025)'),
  ('DE', 'provider', 'JMStV, KJM-approved age verification systems'),
  ('US-AL', 'provider', 'Alabama HB 164 (2024)'),
  ('US-AR', 'provider', 'Arkansas Act 612 (2023)'),
  ('US-AZ', 'provider', 'Arizona HB 2112 (2025)'),
  ('US-FL', 'provider', 'Florida HB 3 (2025)'),
  ('US-GA', 'provider', 'Georgia SB 351 (2025)'),
  ('US-ID', 'provider', 'Idaho HB 498 (2024)'),
  ('US-IN', 'provider', 'Indiana SEA 17 (2024)'),
  ('US-KS', 'provider', 'Kansas SB 394 (2024)'),
  ('US-KY', 'provider', 'Kentucky HB 278 (2024)'),
  ('US-LA', 'provider', 'Louisiana Act 440 (2023)'),
  ('US-MO', 'provider', 'Missouri 15 CSR 60-17 (November 2025)'),
  ('US-MS', 'provider', 'Mississippi SB 2346 (2023)'),
  ('US-MT', 'provider', 'Montana SB 544 (2024)'),
  ('US-NC', 'provider', 'North Carolina HB 8 (2024)'),
  ('US-ND', 'provider', 'North Dakota HB 1561 (2025)'),
  ('US-NE', 'provider', 'Nebraska LB 1092 (2024)'),
  ('US-OH', 'provider', 'Ohio HB 96 (September 2025)'),
  ('US-OK', 'provider', 'Oklahoma SB 1959 (2024)'),
  ('US-SC', 'provider', 'South Carolina HB 3424 (2024)'),
  ('US-SD', 'provider', 'South Dakota HB 1053 (2025)'),
  ('US-TN', 'provider', 'Tennessee Protect Tennessee Minors Act (2025)'),
  ('US-TX', 'provider', 'Texas HB 1181, upheld in Free Speech Coalition v. Paxton (2025)'),
  ('US-UT', 'provider', 'Utah SB 287 (2023)'),
  ('US-VA', 'provider', 'Virginia SB 1515 (2023)'),
  ('US-WY', 'provider', 'Wyoming HB 43 (2025)');
