CREATE TABLE "analytics_course_learners" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"learner" text NOT NULL,
	CONSTRAINT "analytics_course_learners_pkey" PRIMARY KEY("course_id","day","learner")
);
--> statement-breakpoint
CREATE TABLE "analytics_course_visitors" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_course_visitors_pkey" PRIMARY KEY("course_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "analytics_enrolment_sources" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"learner" text,
	"visitor" text,
	"source" text
);
--> statement-breakpoint
CREATE TABLE "analytics_first_views" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"learner" text NOT NULL,
	"visitor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event_id" bigint NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "analytics_first_views_pkey" PRIMARY KEY("course_id","day","learner","visitor")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_links" (
	"day" date NOT NULL,
	"learner" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_visitor_links_pkey" PRIMARY KEY("day","learner","visitor")
);
--> statement-breakpoint
ALTER TABLE "analytics_course_daily" ALTER COLUMN "seconds_watched" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "analytics_educator_daily" ALTER COLUMN "seconds_watched" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "analytics_site_daily" ALTER COLUMN "seconds_watched" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD COLUMN "pending" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_course_learners_day_idx" ON "analytics_course_learners" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_course_visitors_day_idx" ON "analytics_course_visitors" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_enrolment_sources_course_day_idx" ON "analytics_enrolment_sources" USING btree ("course_id","day");--> statement-breakpoint
CREATE INDEX "analytics_enrolment_sources_learner_idx" ON "analytics_enrolment_sources" USING btree ("day","learner");--> statement-breakpoint
CREATE INDEX "analytics_enrolment_sources_visitor_idx" ON "analytics_enrolment_sources" USING btree ("day","visitor");--> statement-breakpoint
CREATE INDEX "analytics_first_views_day_idx" ON "analytics_first_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_visitor_links_visitor_idx" ON "analytics_visitor_links" USING btree ("day","visitor");--> statement-breakpoint
-- The rollup now adds each run's new events to the daily rows and keeps what it needs of the
-- current days (the tables above). Yesterday and today (India) are counted again from their events,
-- which fills those tables; earlier days keep their rows. Events are stamped as the server reads
-- them, so every event of those days comes after the last one stamped before them.
WITH since AS (
  SELECT ((now() AT TIME ZONE 'Asia/Kolkata')::date - 1) AS day
), last AS (
  SELECT coalesce(max(e.id), 0) AS id FROM analytics_events e, since
  WHERE e.at < since.day::timestamp AT TIME ZONE 'Asia/Kolkata'
)
UPDATE "analytics_rollup_state" SET "before_id" = last.id, "last_id" = last.id, "pending" = '[]'::jsonb FROM last;--> statement-breakpoint
DELETE FROM "analytics_course_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_site_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_educator_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_source_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_educator_source_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_site_source_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_quiz_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;--> statement-breakpoint
DELETE FROM "analytics_quiz_question_daily" WHERE "day" >= (now() AT TIME ZONE 'Asia/Kolkata')::date - 1;
