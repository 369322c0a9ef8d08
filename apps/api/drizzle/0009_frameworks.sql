CREATE TYPE "public"."framework_source" AS ENUM('builtin', 'platform', 'organization');--> statement-breakpoint
CREATE TYPE "public"."mapping_relationship" AS ENUM('equal', 'subset', 'superset', 'intersect');--> statement-breakpoint
CREATE TYPE "public"."work_item_status" AS ENUM('ready', 'in_progress', 'in_review', 'approved', 'out_of_scope');--> statement-breakpoint
CREATE TABLE "control_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"framework_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"objective" text,
	"guidance" text,
	"evidence_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"domain" text,
	"lifecycle_phase" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "framework_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"framework_id" uuid NOT NULL,
	"parent_id" uuid,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"reference" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applies_when" jsonb,
	"applies_from" text,
	"coverage" text,
	"coverage_note" text,
	"position" integer NOT NULL,
	"depth" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frameworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"code" text NOT NULL,
	"source" "framework_source" NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"publisher" text,
	"description" text,
	"notice" text,
	"url" text,
	"project_types" text[] NOT NULL,
	"questionnaire" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled_by_default" boolean DEFAULT true NOT NULL,
	"content_hash" text NOT NULL,
	"requirement_count" integer NOT NULL,
	"control_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_frameworks" (
	"organization_id" uuid NOT NULL,
	"framework_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_frameworks_organization_id_framework_id_pk" PRIMARY KEY("organization_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "project_controls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"control_code" text NOT NULL,
	"status" "work_item_status" DEFAULT 'ready' NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"framework_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"applicable" boolean DEFAULT true NOT NULL,
	"applicability_reason" text
);
--> statement-breakpoint
CREATE TABLE "requirement_controls" (
	"requirement_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"relationship" "mapping_relationship" NOT NULL,
	"source" text NOT NULL,
	"rationale" text,
	"strength" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "requirement_controls_requirement_id_control_id_pk" PRIMARY KEY("requirement_id","control_id")
);
--> statement-breakpoint
ALTER TABLE "project_frameworks" ADD COLUMN "framework_id" uuid;--> statement-breakpoint
ALTER TABLE "control_definitions" ADD CONSTRAINT "control_definitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_definitions" ADD CONSTRAINT "control_definitions_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_requirements" ADD CONSTRAINT "framework_requirements_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_frameworks" ADD CONSTRAINT "organization_frameworks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_frameworks" ADD CONSTRAINT "organization_frameworks_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_controls" ADD CONSTRAINT "project_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_controls" ADD CONSTRAINT "project_controls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_controls" ADD CONSTRAINT "project_controls_control_id_control_definitions_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."control_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_requirement_id_framework_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."framework_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_controls" ADD CONSTRAINT "requirement_controls_requirement_id_framework_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."framework_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_controls" ADD CONSTRAINT "requirement_controls_control_id_control_definitions_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."control_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "control_definitions_platform_code_key" ON "control_definitions" USING btree ("code") WHERE "control_definitions"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "control_definitions_organization_code_key" ON "control_definitions" USING btree ("organization_id","code") WHERE "control_definitions"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "control_definitions_framework_idx" ON "control_definitions" USING btree ("framework_id");--> statement-breakpoint
CREATE UNIQUE INDEX "framework_requirements_code_key" ON "framework_requirements" USING btree ("framework_id","code");--> statement-breakpoint
CREATE INDEX "framework_requirements_order_idx" ON "framework_requirements" USING btree ("framework_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "frameworks_platform_code_key" ON "frameworks" USING btree ("code") WHERE "frameworks"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "frameworks_organization_code_key" ON "frameworks" USING btree ("organization_id","code") WHERE "frameworks"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "project_controls_control_key" ON "project_controls" USING btree ("project_id","control_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_controls_code_key" ON "project_controls" USING btree ("project_id","control_code");--> statement-breakpoint
CREATE INDEX "project_controls_status_idx" ON "project_controls" USING btree ("organization_id","project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "project_requirements_key" ON "project_requirements" USING btree ("project_id","requirement_id");--> statement-breakpoint
CREATE INDEX "project_requirements_framework_idx" ON "project_requirements" USING btree ("organization_id","project_id","framework_id");--> statement-breakpoint
CREATE INDEX "requirement_controls_control_idx" ON "requirement_controls" USING btree ("control_id");--> statement-breakpoint
CREATE INDEX "project_frameworks_framework_idx" ON "project_frameworks" USING btree ("framework_id");