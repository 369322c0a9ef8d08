CREATE TYPE "public"."evidence_file_type" AS ENUM('pdf', 'docx', 'xlsx', 'pptx', 'image', 'text', 'markdown', 'csv', 'json', 'archive', 'other');--> statement-breakpoint
CREATE TYPE "public"."evidence_score_result" AS ENUM('passed', 'failed', 'error');--> statement-breakpoint
CREATE TYPE "public"."evidence_suggestion_source" AS ENUM('full_text', 'model');--> statement-breakpoint
CREATE TYPE "public"."evidence_suggestion_status" AS ENUM('proposed', 'accepted', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."evidence_text_status" AS ENUM('pending', 'extracted', 'failed', 'unsupported', 'too_large');--> statement-breakpoint
CREATE TABLE "evidence_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"control_id" uuid,
	"risk_id" uuid,
	"score" real,
	"score_result" "evidence_score_result",
	"score_reason" text,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_links_one_target" CHECK (("evidence_links"."control_id" is null) <> ("evidence_links"."risk_id" is null))
);
--> statement-breakpoint
CREATE TABLE "evidence_suggestion_runs" (
	"control_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"model_used" text,
	"ran_by" uuid,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"relevance" real NOT NULL,
	"reason" text NOT NULL,
	"source" "evidence_suggestion_source" NOT NULL,
	"status" "evidence_suggestion_status" DEFAULT 'proposed' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_suggestions_relevance" CHECK ("evidence_suggestions"."relevance" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "evidence_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"file_type" "evidence_file_type" NOT NULL,
	"sha256" text NOT NULL,
	"text_status" "evidence_text_status" DEFAULT 'pending' NOT NULL,
	"text_error" text,
	"content" text,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_versions_sha256" CHECK ("evidence_versions"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "evidence_versions_size" CHECK ("evidence_versions"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "evidences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "work_item_status" DEFAULT 'ready' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"out_of_scope_justification" text,
	"current_version_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"file_type" "evidence_file_type" NOT NULL,
	"sha256" text NOT NULL,
	"text_status" "evidence_text_status" DEFAULT 'pending' NOT NULL,
	"effective_date" date NOT NULL,
	"expires_on" date,
	"expired_at" timestamp with time zone,
	"expiry_reminders_sent" integer DEFAULT 0 NOT NULL,
	"search" "tsvector",
	"created_by" uuid,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidences_size" CHECK ("evidences"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_links" ADD CONSTRAINT "evidence_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestion_runs" ADD CONSTRAINT "evidence_suggestion_runs_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestion_runs" ADD CONSTRAINT "evidence_suggestion_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestion_runs" ADD CONSTRAINT "evidence_suggestion_runs_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestions" ADD CONSTRAINT "evidence_suggestions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestions" ADD CONSTRAINT "evidence_suggestions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestions" ADD CONSTRAINT "evidence_suggestions_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestions" ADD CONSTRAINT "evidence_suggestions_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_suggestions" ADD CONSTRAINT "evidence_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_versions" ADD CONSTRAINT "evidence_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidences" ADD CONSTRAINT "evidences_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_links_control_key" ON "evidence_links" USING btree ("evidence_id","control_id") WHERE "evidence_links"."control_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_links_risk_key" ON "evidence_links" USING btree ("evidence_id","risk_id") WHERE "evidence_links"."risk_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_links_control_idx" ON "evidence_links" USING btree ("control_id") WHERE "evidence_links"."control_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_links_risk_idx" ON "evidence_links" USING btree ("risk_id") WHERE "evidence_links"."risk_id" is not null;--> statement-breakpoint
CREATE INDEX "evidence_links_org_idx" ON "evidence_links" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "evidence_suggestion_runs_org_idx" ON "evidence_suggestion_runs" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_suggestions_pair_key" ON "evidence_suggestions" USING btree ("control_id","evidence_id");--> statement-breakpoint
CREATE INDEX "evidence_suggestions_org_idx" ON "evidence_suggestions" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "evidence_suggestions_evidence_idx" ON "evidence_suggestions" USING btree ("evidence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_versions_number_key" ON "evidence_versions" USING btree ("evidence_id","version");--> statement-breakpoint
CREATE INDEX "evidence_versions_org_idx" ON "evidence_versions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "evidence_versions_text_idx" ON "evidence_versions" USING btree ("text_status") WHERE "evidence_versions"."text_status" = 'pending';--> statement-breakpoint
CREATE INDEX "evidences_org_idx" ON "evidences" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "evidences_name_idx" ON "evidences" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "evidences_effective_idx" ON "evidences" USING btree ("project_id","effective_date");--> statement-breakpoint
CREATE INDEX "evidences_uploaded_idx" ON "evidences" USING btree ("project_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "evidences_updated_idx" ON "evidences" USING btree ("project_id","updated_at");--> statement-breakpoint
CREATE INDEX "evidences_type_idx" ON "evidences" USING btree ("project_id","file_type");--> statement-breakpoint
CREATE INDEX "evidences_status_idx" ON "evidences" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "evidences_expiry_idx" ON "evidences" USING btree ("expires_on") WHERE "evidences"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "evidences_search_idx" ON "evidences" USING gin ("search");