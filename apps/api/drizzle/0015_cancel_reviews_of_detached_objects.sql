-- Until detaching a framework cancelled the pending reviews of the controls it detaches (issue 17,
-- item 7), such a review stayed pending on a control gone from its project: nobody could decide or
-- cancel it, and the control came back "in review" with the framework. Settle them as detaching now
-- does: the review is cancelled, the control returns to its status before the review, both logged.
-- The review is updated last: the statements before it find the reviews by their pending status.
INSERT INTO "activity_logs" ("organization_id", "project_id", "actor_id", "object_type", "object_id", "action", "before", "after")
SELECT r."organization_id", r."project_id", NULL, 'control', pc."id"::text, 'status_changed',
       jsonb_build_object('status', pc."status"),
       jsonb_build_object('status', r."status_before", 'justification', NULL, 'via', 'review', 'label', pc."control_code" || ' ' || d."title")
  FROM "review_requests" r
  JOIN "project_controls" pc ON pc."id" = r."object_id"
  JOIN "control_definitions" d ON d."id" = pc."control_id"
 WHERE r."concept" = 'control' AND r."status" = 'in_review' AND pc."detached_at" IS NOT NULL AND pc."status" = 'in_review';
--> statement-breakpoint
INSERT INTO "activity_logs" ("organization_id", "project_id", "actor_id", "object_type", "object_id", "action", "after")
SELECT r."organization_id", r."project_id", NULL, 'control', pc."id"::text, 'review_cancelled',
       jsonb_build_object('review_id', r."id", 'label', pc."control_code" || ' ' || d."title", 'reason', 'object_removed')
  FROM "review_requests" r
  JOIN "project_controls" pc ON pc."id" = r."object_id"
  JOIN "control_definitions" d ON d."id" = pc."control_id"
 WHERE r."concept" = 'control' AND r."status" = 'in_review' AND pc."detached_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "project_controls" pc SET "status" = r."status_before", "status_changed_at" = now(), "updated_at" = now()
  FROM "review_requests" r
 WHERE r."concept" = 'control' AND r."status" = 'in_review' AND r."object_id" = pc."id" AND pc."detached_at" IS NOT NULL AND pc."status" = 'in_review';
--> statement-breakpoint
UPDATE "review_reviewers" rr SET "decision" = 'cancelled'
  FROM "review_requests" r, "project_controls" pc
 WHERE rr."review_id" = r."id" AND rr."decision" = 'pending'
   AND r."concept" = 'control' AND r."status" = 'in_review' AND pc."id" = r."object_id" AND pc."detached_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "review_requests" r SET "status" = 'cancelled', "settled_at" = now()
  FROM "project_controls" pc
 WHERE r."concept" = 'control' AND r."status" = 'in_review' AND pc."id" = r."object_id" AND pc."detached_at" IS NOT NULL;
