CREATE TYPE "public"."asset_card_nature" AS ENUM('in_house', 'third_party', 'open_source');--> statement-breakpoint
CREATE TYPE "public"."asset_card_type" AS ENUM('model', 'dataset', 'ai_system', 'software_component', 'third_party_service');--> statement-breakpoint
CREATE TYPE "public"."asset_lineage_relation" AS ENUM('trained_on', 'evaluated_on', 'uses', 'depends_on');--> statement-breakpoint
CREATE TABLE "asset_card_lineage" (
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"relation" "asset_lineage_relation" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_card_lineage_not_self" CHECK ("asset_card_lineage"."from_id" <> "asset_card_lineage"."to_id")
);
--> statement-breakpoint
CREATE TABLE "asset_card_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"control_id" uuid,
	"risk_id" uuid,
	"evidence_id" uuid,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_card_links_one_target" CHECK (num_nonnulls("asset_card_links"."control_id", "asset_card_links"."risk_id", "asset_card_links"."evidence_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "asset_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"asset_card_type" "asset_card_type" NOT NULL,
	"asset_card_nature" "asset_card_nature" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" text,
	"owner_id" uuid,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extra_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"imported_from" text,
	"status" "work_item_status" DEFAULT 'ready' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"needs_attention" boolean DEFAULT false NOT NULL,
	"needs_attention_reason" text,
	"out_of_scope_justification" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_card_lineage" ADD CONSTRAINT "asset_card_lineage_from_id_asset_cards_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."asset_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_lineage" ADD CONSTRAINT "asset_card_lineage_to_id_asset_cards_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."asset_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_lineage" ADD CONSTRAINT "asset_card_lineage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_lineage" ADD CONSTRAINT "asset_card_lineage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_card_id_asset_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."asset_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_control_id_project_controls_id_fk" FOREIGN KEY ("control_id") REFERENCES "public"."project_controls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_evidence_id_evidences_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_card_links" ADD CONSTRAINT "asset_card_links_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_cards" ADD CONSTRAINT "asset_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_cards" ADD CONSTRAINT "asset_cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_cards" ADD CONSTRAINT "asset_cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_cards" ADD CONSTRAINT "asset_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_card_lineage_key" ON "asset_card_lineage" USING btree ("from_id","to_id");--> statement-breakpoint
CREATE INDEX "asset_card_lineage_to_idx" ON "asset_card_lineage" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "asset_card_lineage_org_idx" ON "asset_card_lineage" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_card_links_control_key" ON "asset_card_links" USING btree ("card_id","control_id") WHERE "asset_card_links"."control_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_card_links_risk_key" ON "asset_card_links" USING btree ("card_id","risk_id") WHERE "asset_card_links"."risk_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_card_links_evidence_key" ON "asset_card_links" USING btree ("card_id","evidence_id") WHERE "asset_card_links"."evidence_id" is not null;--> statement-breakpoint
CREATE INDEX "asset_card_links_control_idx" ON "asset_card_links" USING btree ("control_id") WHERE "asset_card_links"."control_id" is not null;--> statement-breakpoint
CREATE INDEX "asset_card_links_risk_idx" ON "asset_card_links" USING btree ("risk_id") WHERE "asset_card_links"."risk_id" is not null;--> statement-breakpoint
CREATE INDEX "asset_card_links_evidence_idx" ON "asset_card_links" USING btree ("evidence_id") WHERE "asset_card_links"."evidence_id" is not null;--> statement-breakpoint
CREATE INDEX "asset_card_links_org_idx" ON "asset_card_links" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "asset_cards_org_idx" ON "asset_cards" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "asset_cards_name_idx" ON "asset_cards" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_cards_type_idx" ON "asset_cards" USING btree ("project_id","asset_card_type","asset_card_nature");--> statement-breakpoint
CREATE INDEX "asset_cards_status_idx" ON "asset_cards" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "asset_cards_updated_idx" ON "asset_cards" USING btree ("project_id","updated_at");