CREATE TYPE "public"."assessment_result" AS ENUM('met', 'partially_met', 'not_met');--> statement-breakpoint
CREATE TYPE "public"."work_item_role" AS ENUM('assignee', 'reviewer');--> statement-breakpoint
CREATE TABLE "control_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"project_control_id" uuid NOT NULL,
	"result" "assessment_result" NOT NULL,
	"rationale" text NOT NULL,
	"assessed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_item_people" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"role" "work_item_role" NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_item_people_item_type_item_id_role_user_id_pk" PRIMARY KEY("item_type","item_id","role","user_id")
);
--> statement-breakpoint
CREATE TABLE "work_item_tags" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "work_item_tags_item_type_item_id_tag_id_pk" PRIMARY KEY("item_type","item_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "needs_attention_reason" text;--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "out_of_scope_justification" text;--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "control_assessments" ADD CONSTRAINT "control_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_assessments" ADD CONSTRAINT "control_assessments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_assessments" ADD CONSTRAINT "control_assessments_project_control_id_project_controls_id_fk" FOREIGN KEY ("project_control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_assessments" ADD CONSTRAINT "control_assessments_assessed_by_users_id_fk" FOREIGN KEY ("assessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_people" ADD CONSTRAINT "work_item_people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_people" ADD CONSTRAINT "work_item_people_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_people" ADD CONSTRAINT "work_item_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_tags" ADD CONSTRAINT "work_item_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_tags" ADD CONSTRAINT "work_item_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_tags" ADD CONSTRAINT "work_item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_assessments_control_idx" ON "control_assessments" USING btree ("project_control_id","created_at");--> statement-breakpoint
CREATE INDEX "work_item_people_user_idx" ON "work_item_people" USING btree ("organization_id","user_id","role","project_id");--> statement-breakpoint
CREATE INDEX "work_item_tags_tag_idx" ON "work_item_tags" USING btree ("tag_id");