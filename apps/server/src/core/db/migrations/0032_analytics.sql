CREATE TABLE "analytics_course_daily" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"seconds_watched" bigint DEFAULT 0 NOT NULL,
	"active_learners" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_course_daily_pkey" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"visitor" text,
	"learner" text,
	"course_id" uuid,
	"lecture_id" uuid,
	"position" real,
	"duration" real,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"rendition" text,
	"amount" bigint,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "analytics_lecture_viewers" (
	"lecture_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"course_id" uuid,
	"furthest" real NOT NULL,
	"watched" real NOT NULL,
	"rewatched" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_lecture_viewers_pkey" PRIMARY KEY("lecture_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "analytics_quiz_daily" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"course_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_quiz_daily_pkey" PRIMARY KEY("quiz_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_quiz_question_daily" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"question" smallint NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_quiz_question_daily_pkey" PRIMARY KEY("quiz_id","day","question")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"before_id" bigint DEFAULT 0 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"rolled_at" timestamp with time zone,
	CONSTRAINT "analytics_rollup_state_one_row" CHECK ("analytics_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "analytics_secrets" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_site_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"seconds_watched" bigint DEFAULT 0 NOT NULL,
	"active_learners" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_source_daily" (
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_source_daily_pkey" PRIMARY KEY("course_id","day","source")
);
--> statement-breakpoint
CREATE INDEX "analytics_course_daily_day_idx" ON "analytics_course_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_events_heartbeat_idx" ON "analytics_events" USING btree ("lecture_id",coalesce("learner", "visitor"),"at") WHERE "analytics_events"."type" = 'heartbeat';--> statement-breakpoint
CREATE INDEX "analytics_lecture_viewers_last_at_idx" ON "analytics_lecture_viewers" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "analytics_quiz_daily_course_day_idx" ON "analytics_quiz_daily" USING btree ("course_id","day");