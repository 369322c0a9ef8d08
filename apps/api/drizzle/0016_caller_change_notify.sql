-- Every API instance answers "who is calling" from a cache of its own (plugins/caller-cache.ts). These
-- triggers make the database say, on one channel, whenever what that answer is made of changes — a
-- session ends, a user is updated or deleted, a membership or an organization role is added, changed or
-- removed, a project role changes, an API token is revoked —, so that every instance drops what it holds
-- for that person the moment the change commits, whatever code path made it. The payload is the user's
-- id, or '*' when an organization is renamed or deleted or a project is deleted (every entry may hold it).
CREATE OR REPLACE FUNCTION "aegis_caller_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'all' THEN
    PERFORM pg_notify('aegis_caller', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('aegis_caller', (to_jsonb(OLD) ->> TG_ARGV[0]));
  ELSE
    PERFORM pg_notify('aegis_caller', (to_jsonb(NEW) ->> TG_ARGV[0]));
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
      PERFORM pg_notify('aegis_caller', (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_caller_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_caller_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "api_tokens_caller_changed" AFTER UPDATE OR DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "organization_memberships_caller_changed" AFTER INSERT OR UPDATE OR DELETE ON "organization_memberships"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "organization_member_roles_caller_changed" AFTER INSERT OR UPDATE OR DELETE ON "organization_member_roles"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "project_memberships_caller_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_memberships"
  FOR EACH ROW EXECUTE FUNCTION "aegis_caller_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "organizations_caller_changed" AFTER UPDATE OF "name" OR DELETE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_caller_changed"('all');
--> statement-breakpoint
CREATE TRIGGER "projects_caller_changed" AFTER UPDATE OF "organization_id" OR DELETE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_caller_changed"('all');
