CREATE TABLE "project_eu_ai_act_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_questionnaire_answers" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"framework_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_questionnaire_answers_project_id_framework_id_question_id_pk" PRIMARY KEY("project_id","framework_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "project_questionnaires" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"framework_id" uuid NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_questionnaires_project_id_framework_id_pk" PRIMARY KEY("project_id","framework_id")
);
--> statement-breakpoint
ALTER TABLE "project_controls" ADD COLUMN "status_before_scope" "work_item_status";--> statement-breakpoint
ALTER TABLE "project_requirements" ADD COLUMN "applicability_decision" text;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD COLUMN "decision_justification" text;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_eu_ai_act_settings" ADD CONSTRAINT "project_eu_ai_act_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_eu_ai_act_settings" ADD CONSTRAINT "project_eu_ai_act_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_eu_ai_act_settings" ADD CONSTRAINT "project_eu_ai_act_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaire_answers" ADD CONSTRAINT "project_questionnaire_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaire_answers" ADD CONSTRAINT "project_questionnaire_answers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaire_answers" ADD CONSTRAINT "project_questionnaire_answers_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaire_answers" ADD CONSTRAINT "project_questionnaire_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaires" ADD CONSTRAINT "project_questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaires" ADD CONSTRAINT "project_questionnaires_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaires" ADD CONSTRAINT "project_questionnaires_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questionnaires" ADD CONSTRAINT "project_questionnaires_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_eu_ai_act_settings_org_idx" ON "project_eu_ai_act_settings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "project_questionnaire_answers_org_idx" ON "project_questionnaire_answers" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "project_questionnaires_org_idx" ON "project_questionnaires" USING btree ("organization_id","project_id");--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_requirements" ADD CONSTRAINT "project_requirements_decision" CHECK (applicability_decision in ('include', 'exclude'));