CREATE TYPE "public"."review_rule" AS ENUM('any', 'all');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('in_review', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."reviewer_decision" AS ENUM('pending', 'approved', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"concept" text NOT NULL,
	"object_id" uuid NOT NULL,
	"status" "review_status" DEFAULT 'in_review' NOT NULL,
	"rule" "review_rule" DEFAULT 'any' NOT NULL,
	"message" text,
	"due_date" date,
	"requested_by" uuid,
	"status_before" "work_item_status" NOT NULL,
	"status_requested" "work_item_status" NOT NULL,
	"content_hash" text NOT NULL,
	"content_snapshot" jsonb NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"justification" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid
);
--> statement-breakpoint
CREATE TABLE "review_reviewers" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"decision" "reviewer_decision" DEFAULT 'pending' NOT NULL,
	"comment" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_reviewers_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_review_id_review_requests_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reviewers" ADD CONSTRAINT "review_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_pending_key" ON "review_requests" USING btree ("concept","object_id") WHERE "review_requests"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "review_requests_object_idx" ON "review_requests" USING btree ("organization_id","concept","object_id","created_at");--> statement-breakpoint
CREATE INDEX "review_requests_project_idx" ON "review_requests" USING btree ("organization_id","project_id","concept","status");--> statement-breakpoint
CREATE INDEX "review_reviewers_user_idx" ON "review_reviewers" USING btree ("user_id","decision");