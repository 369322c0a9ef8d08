-- Issue 31, item 3: the data-change notification (migration 0022) names what changed, so that each API
-- instance drops only the kept answers that read it. The payload is "<table> <scopes>", the scopes a
-- comma-separated list of "<organization id>/<project id>" of the rows the statement changed (the project
-- empty for a table without project_id: the whole organization; the organization empty for a table
-- without organization_id: every organization). No scopes at all means everything: a TRUNCATE, or more
-- than 50 scopes in one statement. PostgreSQL still folds identical notifications of a transaction into one.
-- A statement that changed no row says nothing.
--
-- Statement-level triggers read the changed rows from transition tables, which PostgreSQL allows for one
-- event per trigger: each watched table gets four (insert, update, delete, truncate). `aegis_watch(table)`
-- creates them, reading the table's columns: later migrations call it for their new tables.
CREATE OR REPLACE FUNCTION "aegis_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org_col text := CASE WHEN TG_NARGS > 0 THEN TG_ARGV[0] ELSE '' END;
  project_col text := CASE WHEN TG_NARGS > 1 THEN TG_ARGV[1] ELSE '' END;
  cols text;
  changed text;
  n int;
  scopes text;
BEGIN
  IF TG_OP = 'TRUNCATE' OR org_col = '' THEN
    PERFORM pg_notify('aegis_data', TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  cols := format('%I::text as o, %s as p', org_col, CASE WHEN project_col = '' THEN 'null::text' ELSE format('%I::text', project_col) END);
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('select %s from aegis_new', cols)
    WHEN 'DELETE' THEN format('select %s from aegis_old', cols)
    ELSE format('select %s from aegis_new union all select %s from aegis_old', cols, cols)
  END;
  EXECUTE format('select count(*)::int, string_agg(coalesce(o, '''') || ''/'' || coalesce(p, ''''), '','') from (select distinct o, p from (%s) r limit 51) d', changed)
    INTO n, scopes;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('aegis_data', TG_TABLE_NAME || CASE WHEN n > 50 THEN '' ELSE ' ' || scopes END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "aegis_watch"(tbl text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  org_col text;
  project_col text;
  has_col text;
BEGIN
  has_col := 'select 1 from pg_attribute where attrelid = $1::regclass and attname = $2 and attnum > 0 and not attisdropped';
  org_col := CASE WHEN tbl = 'organizations' THEN 'id' ELSE '' END;
  IF org_col = '' THEN
    EXECUTE has_col INTO org_col USING tbl, 'organization_id';
    org_col := CASE WHEN org_col IS NULL THEN '' ELSE 'organization_id' END;
  END IF;
  project_col := CASE WHEN tbl = 'projects' THEN 'id' ELSE '' END;
  IF project_col = '' THEN
    EXECUTE has_col INTO project_col USING tbl, 'project_id';
    project_col := CASE WHEN project_col IS NULL THEN '' ELSE 'project_id' END;
  END IF;
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_data_changed', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_data_inserted', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_data_updated', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_data_deleted', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', tbl || '_data_truncated', tbl);
  IF org_col = '' THEN
    -- Nothing to name: every change is everyone's (users, framework content).
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed()', tbl || '_data_changed', tbl);
    RETURN;
  END IF;
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS aegis_new FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed(%L, %L)', tbl || '_data_inserted', tbl, org_col, project_col);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS aegis_old NEW TABLE AS aegis_new FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed(%L, %L)', tbl || '_data_updated', tbl, org_col, project_col);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS aegis_old FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed(%L, %L)', tbl || '_data_deleted', tbl, org_col, project_col);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed()', tbl || '_data_truncated', tbl);
END;
$$;
--> statement-breakpoint
-- Every table migration 0022 watches, watched again with scopes.
SELECT "aegis_watch"(c.relname::text)
  FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND g.tgname = c.relname || '_data_changed'
 ORDER BY c.relname;
