CREATE TYPE "public"."metric_direction" AS ENUM('higher_is_better', 'lower_is_better', 'neither');--> statement-breakpoint
CREATE TYPE "public"."test_aggregation" AS ENUM('latest', 'mean', 'min', 'max');--> statement-breakpoint
CREATE TYPE "public"."test_operator" AS ENUM('>', '>=', '<', '<=', '==', 'between');--> statement-breakpoint
CREATE TYPE "public"."test_result_status" AS ENUM('passed', 'failed', 'error');--> statement-breakpoint
CREATE TYPE "public"."test_run_trigger" AS ENUM('manual', 'schedule', 'new_value');--> statement-breakpoint
CREATE TYPE "public"."test_schedule" AS ENUM('manual', 'on_new_value', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."test_window_kind" AS ENUM('values', 'days');--> statement-breakpoint
CREATE TYPE "public"."testing_source_kind" AS ENUM('api', 'file', 'manual', 'asset_card');--> statement-breakpoint
CREATE TABLE "testing_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"direction" "metric_direction" DEFAULT 'higher_is_better' NOT NULL,
	"expected_every_hours" integer,
	"value_count" bigint DEFAULT 0 NOT NULL,
	"last_value" double precision,
	"last_value_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_pushes" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"value_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_pushes_project_id_idempotency_key_pk" PRIMARY KEY("project_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "testing_result_evidences" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"evidence_id" uuid NOT NULL,
	"control_id" uuid,
	"generated" boolean DEFAULT true NOT NULL,
	CONSTRAINT "testing_result_evidences_result_id_evidence_id_pk" PRIMARY KEY("result_id","evidence_id")
);
--> statement-breakpoint
CREATE TABLE "testing_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"result_status" "test_result_status" NOT NULL,
	"observed_value" double precision,
	"condition" text NOT NULL,
	"operator" "test_operator" NOT NULL,
	"threshold" double precision NOT NULL,
	"threshold_upper" double precision,
	"value_count" integer DEFAULT 0 NOT NULL,
	"data_from" timestamp with time zone,
	"data_to" timestamp with time zone,
	"error" text,
	"trigger" "test_run_trigger" NOT NULL,
	"run_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "testing_source_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"asset_card_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testing_test_controls" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"control_id" uuid NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_test_controls_test_id_control_id_pk" PRIMARY KEY("test_id","control_id")
);
--> statement-breakpoint
CREATE TABLE "testing_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"metric_id" uuid,
	"operator" "test_operator" NOT NULL,
	"threshold" double precision NOT NULL,
	"threshold_upper" double precision,
	"aggregation" "test_aggregation" DEFAULT 'latest' NOT NULL,
	"window_kind" "test_window_kind",
	"window_size" integer,
	"lookback_days" integer DEFAULT 30 NOT NULL,
	"schedule" "test_schedule" DEFAULT 'manual' NOT NULL,
	"status" "work_item_status" DEFAULT 'ready' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"out_of_scope_justification" text,
	"last_result_id" uuid,
	"last_result_status" "test_result_status",
	"last_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_tests_window" CHECK (("testing_tests"."window_kind" is null) = ("testing_tests"."window_size" is null))
);
--> statement-breakpoint
CREATE TABLE "testing_value_rollups" (
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"total" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	CONSTRAINT "testing_value_rollups_metric_id_level_bucket_pk" PRIMARY KEY("metric_id","level","bucket"),
	CONSTRAINT "testing_value_rollups_level" CHECK ("testing_value_rollups"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "testing_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testing_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"labels" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "testing_metrics" ADD CONSTRAINT "testing_metrics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_metrics" ADD CONSTRAINT "testing_metrics_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_metrics" ADD CONSTRAINT "testing_metrics_source_id_testing_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."testing_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_metrics" ADD CONSTRAINT "testing_metrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_pushes" ADD CONSTRAINT "testing_pushes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_pushes" ADD CONSTRAINT "testing_pushes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_result_evidences" ADD CONSTRAINT "testing_result_evidences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_result_evidences" ADD CONSTRAINT "testing_result_evidences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_result_evidences" ADD CONSTRAINT "testing_result_evidences_result_id_testing_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."testing_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_result_evidences" ADD CONSTRAINT "testing_result_evidences_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_result_evidences" ADD CONSTRAINT "testing_result_evidences_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_results" ADD CONSTRAINT "testing_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_results" ADD CONSTRAINT "testing_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_results" ADD CONSTRAINT "testing_results_test_id_testing_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."testing_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_results" ADD CONSTRAINT "testing_results_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_sources" ADD CONSTRAINT "testing_sources_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_sources" ADD CONSTRAINT "testing_sources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_sources" ADD CONSTRAINT "testing_sources_asset_card_id_asset_cards_id_fk" FOREIGN KEY ("asset_card_id") REFERENCES "public"."asset_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_sources" ADD CONSTRAINT "testing_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_test_controls" ADD CONSTRAINT "testing_test_controls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_test_controls" ADD CONSTRAINT "testing_test_controls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_test_controls" ADD CONSTRAINT "testing_test_controls_test_id_testing_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."testing_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_test_controls" ADD CONSTRAINT "testing_test_controls_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_test_controls" ADD CONSTRAINT "testing_test_controls_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_metric_id_testing_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."testing_metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tests" ADD CONSTRAINT "testing_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_value_rollups" ADD CONSTRAINT "testing_value_rollups_metric_id_testing_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."testing_metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_values" ADD CONSTRAINT "testing_values_metric_id_testing_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."testing_metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "testing_metrics_name_key" ON "testing_metrics" USING btree ("source_id",lower("name"));--> statement-breakpoint
CREATE INDEX "testing_metrics_org_idx" ON "testing_metrics" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "testing_metrics_project_idx" ON "testing_metrics" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "testing_pushes_org_idx" ON "testing_pushes" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_result_evidences_evidence_key" ON "testing_result_evidences" USING btree ("evidence_id");--> statement-breakpoint
CREATE INDEX "testing_result_evidences_org_idx" ON "testing_result_evidences" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "testing_results_test_idx" ON "testing_results" USING btree ("test_id","created_at");--> statement-breakpoint
CREATE INDEX "testing_results_project_idx" ON "testing_results" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "testing_results_status_idx" ON "testing_results" USING btree ("project_id","result_status","created_at");--> statement-breakpoint
CREATE INDEX "testing_results_org_idx" ON "testing_results" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_sources_name_key" ON "testing_sources" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "testing_sources_org_idx" ON "testing_sources" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "testing_test_controls_control_idx" ON "testing_test_controls" USING btree ("control_id");--> statement-breakpoint
CREATE INDEX "testing_test_controls_org_idx" ON "testing_test_controls" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_tests_number_key" ON "testing_tests" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "testing_tests_org_idx" ON "testing_tests" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "testing_tests_name_idx" ON "testing_tests" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "testing_tests_status_idx" ON "testing_tests" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "testing_tests_result_idx" ON "testing_tests" USING btree ("project_id","last_result_status");--> statement-breakpoint
CREATE INDEX "testing_tests_metric_idx" ON "testing_tests" USING btree ("metric_id");--> statement-breakpoint
CREATE INDEX "testing_tests_schedule_idx" ON "testing_tests" USING btree ("schedule") WHERE "testing_tests"."schedule" in ('daily', 'weekly');--> statement-breakpoint
CREATE INDEX "testing_value_rollups_org_idx" ON "testing_value_rollups" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "testing_values_metric_idx" ON "testing_values" USING btree ("metric_id","observed_at");--> statement-breakpoint
CREATE INDEX "testing_values_org_idx" ON "testing_values" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Issue 31: the read cache hears changes of the new tables (testing_pushes is read by no answer: test/read-cache.test.ts LEFT_OUT).
SELECT aegis_watch('testing_sources');--> statement-breakpoint
SELECT aegis_watch('testing_metrics');--> statement-breakpoint
SELECT aegis_watch('testing_values');--> statement-breakpoint
SELECT aegis_watch('testing_tests');--> statement-breakpoint
SELECT aegis_watch('testing_results');--> statement-breakpoint
SELECT aegis_watch('testing_test_controls');--> statement-breakpoint
SELECT aegis_watch('testing_result_evidences');--> statement-breakpoint
SELECT aegis_watch('testing_value_rollups');
