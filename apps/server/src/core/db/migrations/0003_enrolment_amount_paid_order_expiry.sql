-- Existing enrolments: what their paid order charged, else the course's price today (0 when free or unpriced).
ALTER TABLE "enrollments" ADD COLUMN "amount_paid" integer;--> statement-breakpoint
UPDATE "enrollments" e SET "amount_paid" = coalesce(
	(SELECT o."amount" FROM "payment_orders" o
		WHERE o."user_id" = e."user_id" AND o."course_id" = e."course_id" AND o."status" = 'paid'
		ORDER BY o."paid_at" DESC NULLS LAST LIMIT 1),
	(SELECT coalesce(c."price", 0) * 100 FROM "courses" c WHERE c."id" = e."course_id"),
	0
);--> statement-breakpoint
ALTER TABLE "enrollments" ALTER COLUMN "amount_paid" SET NOT NULL;--> statement-breakpoint
-- Existing orders get the 30-minute life new ones get by default.
ALTER TABLE "payment_orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_orders" SET "expires_at" = "created_at" + interval '30 minutes';--> statement-breakpoint
ALTER TABLE "payment_orders" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_amount_paid_check" CHECK ("enrollments"."amount_paid" >= 0);
