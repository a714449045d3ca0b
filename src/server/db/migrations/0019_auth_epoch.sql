-- The session check answers from a per-process cache (src/server/modules/auth/sessionCache.ts). An entry is valid
-- while auth_epoch.v is the value read with it, in the same statement; every change that can end a session or change
-- what an account may do bumps v in the writing transaction, so the bump becomes visible exactly when the change does.
-- The triggers run BEFORE each statement: the epoch row is locked before any account, session or role row, always in
-- that order, so two such transactions queue on it and never deadlock. Written to run again harmlessly.
INSERT INTO auth_epoch (id, v) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_auth_epoch() RETURNS trigger AS $$
BEGIN
  UPDATE auth_epoch SET v = v + 1 WHERE id = 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Not last_seen_at: touched once a minute per live session, it never ends one by itself (idle time is checked on
-- the cached value and, when that looks expired, on the row).
DROP TRIGGER IF EXISTS admin_session_auth_epoch ON admin_session;
--> statement-breakpoint
CREATE TRIGGER admin_session_auth_epoch
  BEFORE UPDATE OF token_hash, account_id, expires_at, revoked_at, revoked_reason OR DELETE OR TRUNCATE ON admin_session
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
-- Every column but the ones written on each sign-in or minute of activity (active_at, logout_at, device_id, the
-- Google step and skip, updated_at): a test holds this list to the table's columns.
DROP TRIGGER IF EXISTS admin_account_auth_epoch ON admin_account;
--> statement-breakpoint
CREATE TRIGGER admin_account_auth_epoch
  BEFORE UPDATE OF id, account, nickname, name, phone, password_hash, avatar, introduction, role_id, secondary_role_id,
    work_start, work_end, allowed_terminals, merchant_ids, privacy_protection, enabled, special_nodes, organizer_id,
    google_secret, google_bound, created_at, deleted_at
    OR DELETE OR TRUNCATE ON admin_account
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS role_auth_epoch ON role;
--> statement-breakpoint
CREATE TRIGGER role_auth_epoch BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON role
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
DROP TRIGGER IF EXISTS permission_node_state_auth_epoch ON permission_node_state;
--> statement-breakpoint
CREATE TRIGGER permission_node_state_auth_epoch BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_node_state
  FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
