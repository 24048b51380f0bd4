/**
 * The office database's schema, as numbered migrations run in order at
 * start inside one transaction each, under an advisory lock so two office
 * servers starting at once cannot both run one. `office_schema` holds the
 * number reached; a database at a higher number than this build knows was
 * made by a newer Filing Desk office and is refused, never changed.
 */
export interface Migration {
  version: number;
  /** What it does, for the log and the README's history. */
  describe: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    describe: 'users, sessions, shared records with their history and files, filing claims with submission records, who is editing what, the audit trail',
    sql: `
      CREATE TABLE office_users (
        name text PRIMARY KEY,
        -- scrypt: 'scrypt$N$r$p$<salt base64>$<hash base64>'
        password_hash text NOT NULL,
        admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      );

      CREATE TABLE office_sessions (
        -- SHA-256 of the bearer token: a copy of the table gives no one a session.
        token_sha256 text PRIMARY KEY,
        user_name text NOT NULL REFERENCES office_users(name),
        desk text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX office_sessions_user ON office_sessions(user_name);

      -- The office's change sequence: every applied change takes the next number.
      -- Writers take one advisory lock for the length of their transaction, so
      -- numbers are committed in order and a pull "after n" never misses one.
      CREATE SEQUENCE office_change_seq;

      -- Each shared thing as it is now.
      CREATE TABLE office_records (
        kind text NOT NULL,
        id text NOT NULL,
        version integer NOT NULL,
        seq bigint NOT NULL UNIQUE,
        body jsonb,
        deleted boolean NOT NULL DEFAULT false,
        attachments text[] NOT NULL DEFAULT '{}',
        changed_by text NOT NULL,
        changed_on text NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (kind, id)
      );

      -- Every version ever applied, the one kept and the ones replaced: nothing a desk pushed is lost.
      CREATE TABLE office_record_versions (
        kind text NOT NULL,
        id text NOT NULL,
        version integer NOT NULL,
        seq bigint NOT NULL,
        body jsonb,
        deleted boolean NOT NULL,
        attachments text[] NOT NULL,
        changed_by text NOT NULL,
        changed_on text NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (kind, id, version)
      );

      -- Each change a desk pushed, by its id: the same change pushed again is answered as the first time.
      CREATE TABLE office_applied_changes (
        change_id uuid PRIMARY KEY,
        user_name text NOT NULL,
        desk text NOT NULL,
        result jsonb NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );

      -- Files records refer to, by their SHA-256 (drafts' attachments, built documents).
      CREATE TABLE office_attachments (
        sha256 text PRIMARY KEY,
        size bigint NOT NULL,
        bytes bytea NOT NULL,
        stored_by text NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      );

      -- One row per return (HMRC) or accounts filing (Companies House): the
      -- primary key is what makes two desks unable to both hold it.
      CREATE TABLE office_filing_claims (
        return_key text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('ct600', 'accounts')),
        claim_id uuid NOT NULL UNIQUE,
        describe text NOT NULL,
        user_name text NOT NULL,
        desk text NOT NULL,
        since timestamptz NOT NULL,
        -- Set once released: 'accepted' keeps the return closed to every desk.
        outcome text CHECK (outcome IN ('accepted', 'rejected', 'not-sent', 'not-finished')),
        reference text,
        released_at timestamptz
      );

      -- The office's record of each filing attempt, written in the same transaction as its claim.
      CREATE TABLE office_submissions (
        claim_id uuid PRIMARY KEY,
        return_key text NOT NULL,
        kind text NOT NULL,
        describe text NOT NULL,
        user_name text NOT NULL,
        desk text NOT NULL,
        started_at timestamptz NOT NULL,
        outcome text,
        reference text,
        finished_at timestamptz
      );
      CREATE INDEX office_submissions_return ON office_submissions(return_key);

      -- Who has which record open now; a row lapses without a heartbeat.
      CREATE TABLE office_editing (
        kind text NOT NULL,
        id text NOT NULL,
        user_name text NOT NULL,
        desk text NOT NULL,
        since timestamptz NOT NULL,
        seen_at timestamptz NOT NULL,
        PRIMARY KEY (kind, id, user_name, desk)
      );

      -- What the firm can show its regulator: every change, sign-in, claim and user change, with who and when.
      CREATE TABLE office_audit (
        n bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_name text NOT NULL,
        desk text,
        action text NOT NULL,
        kind text,
        id text,
        detail jsonb
      );
    `,
  },
  {
    version: 2,
    describe: 'Companies House submission numbers taken by the desks, per presenter, so no two desks of the office send the same one',
    sql: `
      -- Every submission number a desk took, per presenter account: the primary key
      -- is what makes two desks unable to both hold one. presenter_key is the desk's
      -- scrypt hash of the presenter ID (submission-numbers.ts presenterKey), never
      -- the ID, so the office's database does not name the presenter.
      CREATE TABLE office_submission_numbers (
        presenter_key text NOT NULL CHECK (presenter_key ~ '^[0-9a-f]{32}$'),
        count integer NOT NULL CHECK (count >= 1),
        for_what text NOT NULL,
        user_name text NOT NULL,
        desk text NOT NULL,
        taken_at timestamptz NOT NULL,
        PRIMARY KEY (presenter_key, count)
      );
    `,
  },
];

export const OFFICE_SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;
