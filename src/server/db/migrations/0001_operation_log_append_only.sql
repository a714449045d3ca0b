-- The operation log is evidence: rows are added, never changed or removed.
CREATE OR REPLACE FUNCTION operation_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'operation_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operation_log_no_update BEFORE UPDATE OR DELETE ON operation_log
  FOR EACH ROW EXECUTE FUNCTION operation_log_append_only();
