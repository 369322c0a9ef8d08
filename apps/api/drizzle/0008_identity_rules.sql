CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_oidc_subject_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provisioned_by_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "firstname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "mail_token_hash" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "rights" text[];--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_mail_token_hash_key" ON "invitations" USING btree ("mail_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
-- Pins made before subjects were keyed by issuer cannot be trusted to be the person's: drop them.
UPDATE "users" SET "oidc_subject" = NULL WHERE "oidc_issuer" IS NULL;--> statement-breakpoint
UPDATE "users" u SET "last_sign_in_at" = r.at
  FROM (SELECT "user_id", max("created_at") AS at FROM "refresh_tokens" GROUP BY "user_id") r
 WHERE u."id" = r."user_id";--> statement-breakpoint
-- A person tied to exactly one organization was made by it.
UPDATE "users" u SET "provisioned_by_organization_id" = t.org
  FROM (
    SELECT "user_id", min("organization_id"::text)::uuid AS org FROM (
      SELECT "user_id", "organization_id" FROM "organization_memberships"
      UNION SELECT "user_id", "organization_id" FROM "invitations" WHERE "user_id" IS NOT NULL AND "status" IN ('pending', 'accepted')
    ) ties GROUP BY "user_id" HAVING count(DISTINCT "organization_id") = 1
  ) t
 WHERE u."id" = t."user_id" AND NOT u."is_super_admin";
