-- Issue 31, item 3: the data-change notification (migration 0022) names what changed, so that each API
-- instance drops only the kept answers that read it. The payload is "<table> <scopes>", the scopes a
-- comma-separated list of "<organization id>/<project id>" of the rows the statement changed (the project
-- empty for a table without project_id: the whole organization; the organization empty for a table
-- without organization_id: every organization). No scopes at all means everything: a TRUNCATE, or more
-- than 50 scopes in one statement. PostgreSQL still folds identical notifications of a transaction into one.
-- A statement that changed no row says nothing.
--
-- Statement-level triggers read the changed rows from transition tables, which PostgreSQL allows for one
-- event per trigger: each watched table gets four (insert, update, delete, truncate) and a function of its
-- own, `aegis_data_changed_<table>`, whose statements are static (planned once per session). `aegis_watch(table)`
-- creates them, reading the table's columns: later migrations call it for their new tables.
CREATE OR REPLACE FUNCTION "aegis_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A TRUNCATE, or a table without organization: every organization's answers may have read it.
  PERFORM pg_notify('aegis_data', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "aegis_watch"(tbl text) RETURNS void LANGUAGE plpgsql AS $watch$
DECLARE
  org_col text;
  project_col text;
  has_col text;
  fn text := 'aegis_data_changed_' || tbl;
  scoped text;
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
  -- The table's own function, with static statements (planned once per session, unlike EXECUTE): the
  -- scopes of the rows in the transition tables the trigger names.
  scoped := format('%I::text as o, %s as p', org_col, CASE WHEN project_col = '' THEN 'null::text' ELSE format('%I::text', project_col) END);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      n int;
      scopes text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        select count(*)::int, string_agg(coalesce(o, '') || '/' || coalesce(p, ''), ',') into n, scopes
          from (select distinct o, p from (select %s from aegis_new) r limit 51) d;
      ELSIF TG_OP = 'DELETE' THEN
        select count(*)::int, string_agg(coalesce(o, '') || '/' || coalesce(p, ''), ',') into n, scopes
          from (select distinct o, p from (select %s from aegis_old) r limit 51) d;
      ELSE
        select count(*)::int, string_agg(coalesce(o, '') || '/' || coalesce(p, ''), ',') into n, scopes
          from (select distinct o, p from (select %s from aegis_new union all select %s from aegis_old) r limit 51) d;
      END IF;
      IF n = 0 THEN
        RETURN NULL;
      END IF;
      PERFORM pg_notify('aegis_data', TG_TABLE_NAME || CASE WHEN n > 50 THEN '' ELSE ' ' || scopes END);
      RETURN NULL;
    END;
    $body$$f$, fn, scoped, scoped, scoped, scoped);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS aegis_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl || '_data_inserted', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS aegis_old NEW TABLE AS aegis_new FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl || '_data_updated', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS aegis_old FOR EACH STATEMENT EXECUTE FUNCTION %I()', tbl || '_data_deleted', tbl, fn);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION aegis_data_changed()', tbl || '_data_truncated', tbl);
END;
$watch$;
--> statement-breakpoint
-- Every table migration 0022 watches, watched again with scopes.
SELECT "aegis_watch"(c.relname::text)
  FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND g.tgname = c.relname || '_data_changed'
 ORDER BY c.relname;
