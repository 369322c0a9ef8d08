CREATE TABLE "project_frameworks" (
	"project_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"framework_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_frameworks_project_id_framework_code_pk" PRIMARY KEY("project_id","framework_code")
);
--> statement-breakpoint
ALTER TABLE "project_frameworks" ADD CONSTRAINT "project_frameworks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_frameworks" ADD CONSTRAINT "project_frameworks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;