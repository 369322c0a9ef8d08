CREATE TYPE "public"."risk_acceptance_status" AS ENUM('awaiting_review', 'active', 'revoked', 'superseded');--> statement-breakpoint
CREATE TYPE "public"."currency_code" AS ENUM('EUR', 'USD');--> statement-breakpoint
CREATE TYPE "public"."risk_category" AS ENUM('valid_reliable', 'safe', 'secure_resilient', 'accountable_transparent', 'explainable_interpretable', 'privacy_enhanced', 'fair', 'legal_compliance', 'other');--> statement-breakpoint
CREATE TYPE "public"."risk_level" AS ENUM('low', 'medium', 'high', 'critical');--> statement-breakpoint
CREATE TYPE "public"."treatment_strategy_status" AS ENUM('planned', 'in_progress', 'done', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."treatment_option" AS ENUM('mitigate', 'accept', 'transfer', 'avoid');--> statement-breakpoint
CREATE TABLE "organization_risk_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"matrix" jsonb NOT NULL,
	"appetite" "risk_level" NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"status" "risk_acceptance_status" NOT NULL,
	"justification" text NOT NULL,
	"accepted_level" "risk_level" NOT NULL,
	"likelihood" smallint NOT NULL,
	"impact" smallint NOT NULL,
	"inherent_level" "risk_level" NOT NULL,
	"residual_likelihood" smallint NOT NULL,
	"residual_impact" smallint NOT NULL,
	"residual_level" "risk_level" NOT NULL,
	"review_date" date NOT NULL,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"approval_forced" boolean DEFAULT false NOT NULL,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_controls" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"project_control_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_controls_risk_id_project_control_id_pk" PRIMARY KEY("risk_id","project_control_id")
);
--> statement-breakpoint
CREATE TABLE "risk_treatment_strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"action" text NOT NULL,
	"owner_id" uuid,
	"due_date" date,
	"status" "treatment_strategy_status" DEFAULT 'planned' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_treatments" (
	"risk_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"option" "treatment_option" NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"residual_likelihood" smallint,
	"residual_impact" smallint,
	"acceptance_rationale" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_treatments_residual" CHECK ((residual_likelihood is null) = (residual_impact is null) and coalesce(residual_likelihood between 1 and 5 and residual_impact between 1 and 5, true))
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" "risk_category",
	"affected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"likelihood" smallint NOT NULL,
	"impact" smallint NOT NULL,
	"inherent_score" smallint NOT NULL,
	"inherent_level" "risk_level" NOT NULL,
	"residual_likelihood" smallint NOT NULL,
	"residual_impact" smallint NOT NULL,
	"residual_score" smallint NOT NULL,
	"residual_level" "risk_level" NOT NULL,
	"monetary_impact" numeric(15, 2),
	"currency" "currency_code" DEFAULT 'EUR' NOT NULL,
	"expected_annual_loss" numeric(15, 2),
	"status" "work_item_status" DEFAULT 'ready' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"needs_attention" boolean DEFAULT false NOT NULL,
	"needs_attention_reason" text,
	"out_of_scope_justification" text,
	"library_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risks_scores" CHECK (likelihood between 1 and 5 and impact between 1 and 5 and residual_likelihood between 1 and 5 and residual_impact between 1 and 5),
	CONSTRAINT "risks_amounts" CHECK (coalesce("risks"."monetary_impact", 0) >= 0 and coalesce("risks"."expected_annual_loss", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "organization_risk_settings" ADD CONSTRAINT "organization_risk_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_risk_settings" ADD CONSTRAINT "organization_risk_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_project_control_id_project_controls_id_fk" FOREIGN KEY ("project_control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_controls" ADD CONSTRAINT "risk_controls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatment_strategies" ADD CONSTRAINT "risk_treatment_strategies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatment_strategies" ADD CONSTRAINT "risk_treatment_strategies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatment_strategies" ADD CONSTRAINT "risk_treatment_strategies_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatment_strategies" ADD CONSTRAINT "risk_treatment_strategies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatment_strategies" ADD CONSTRAINT "risk_treatment_strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_acceptances_risk_idx" ON "risk_acceptances" USING btree ("risk_id","proposed_at");--> statement-breakpoint
CREATE INDEX "risk_acceptances_org_idx" ON "risk_acceptances" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_acceptances_current_key" ON "risk_acceptances" USING btree ("risk_id") WHERE "risk_acceptances"."status" in ('awaiting_review', 'active');--> statement-breakpoint
CREATE INDEX "risk_controls_control_idx" ON "risk_controls" USING btree ("project_control_id");--> statement-breakpoint
CREATE INDEX "risk_controls_org_idx" ON "risk_controls" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "risk_treatment_strategies_risk_idx" ON "risk_treatment_strategies" USING btree ("risk_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_treatment_strategies_org_idx" ON "risk_treatment_strategies" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "risk_treatment_strategies_owner_idx" ON "risk_treatment_strategies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "risk_treatments_org_idx" ON "risk_treatments" USING btree ("organization_id","project_id","option");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_number_key" ON "risks" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "risks_org_idx" ON "risks" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "risks_status_idx" ON "risks" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "risks_inherent_idx" ON "risks" USING btree ("project_id","inherent_level","inherent_score");--> statement-breakpoint
CREATE INDEX "risks_residual_idx" ON "risks" USING btree ("project_id","residual_level","residual_score");--> statement-breakpoint
CREATE INDEX "risks_name_idx" ON "risks" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "risks_updated_idx" ON "risks" USING btree ("project_id","updated_at");