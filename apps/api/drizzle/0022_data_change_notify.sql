-- Every API instance keeps the answers of recent reads in memory (plugins/read-cache.ts). These triggers
-- make the database say, on one channel, that data an answer may be made of changed — whatever code made
-- the change: a request, a background job, a migration, someone at a SQL prompt — so that every instance
-- drops what it holds the moment the change commits. One notification per transaction (PostgreSQL folds
-- identical notifications of a transaction into one), whatever the number of rows.
-- Left out: what no answer is read from (sign-in machinery: sessions, refresh tokens, the identity
-- provider's records, rate limits, sign-in failures, server secrets, local passwords, pending file
-- removals). Who may read what is the caller cache's business (migration 0016); test/read-cache.test.ts
-- fails when a new table has neither this trigger nor a place in its list of tables left out.
CREATE OR REPLACE FUNCTION "aegis_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aegis_data', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "invitations_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organization_configs_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_configs"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organization_member_roles_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_member_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organization_memberships_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organizations_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_memberships_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "activity_logs_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "activity_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "feedback_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "feedback"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "tags_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "comments_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_frameworks_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_frameworks"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "control_definitions_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "control_definitions"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "framework_requirements_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "framework_requirements"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "frameworks_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "frameworks"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organization_frameworks_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_frameworks"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_controls_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_controls"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_requirements_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_requirements"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "requirement_controls_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "requirement_controls"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "control_assessments_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "control_assessments"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "work_item_people_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_item_people"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "work_item_tags_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "work_item_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "review_requests_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "review_reviewers_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_eu_ai_act_settings_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_eu_ai_act_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_questionnaire_answers_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_questionnaire_answers"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_questionnaires_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_questionnaires"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "organization_risk_settings_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_risk_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_acceptances_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risk_acceptances"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_controls_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risk_controls"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_treatment_strategies_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risk_treatment_strategies"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_treatments_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risk_treatments"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risks_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risks"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_number_counters_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "risk_number_counters"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "evidence_links_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "evidence_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "evidence_suggestion_runs_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "evidence_suggestion_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "evidence_suggestions_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "evidence_suggestions"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "evidence_versions_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "evidence_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "evidences_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "evidences"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "asset_card_lineage_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "asset_card_lineage"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "asset_card_links_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "asset_card_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "asset_cards_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "asset_cards"
  FOR EACH STATEMENT EXECUTE FUNCTION "aegis_data_changed"();
