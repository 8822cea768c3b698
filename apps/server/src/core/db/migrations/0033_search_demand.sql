CREATE TABLE "analytics_search_clicks" (
	"key" text NOT NULL,
	"course_id" uuid NOT NULL,
	"learner" text NOT NULL,
	"shown" smallint NOT NULL,
	"clicked" boolean DEFAULT false NOT NULL,
	"enrolled" boolean DEFAULT false NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_search_clicks_pkey" PRIMARY KEY("key","course_id","learner")
);
--> statement-breakpoint
CREATE TABLE "analytics_search_daily" (
	"day" date NOT NULL,
	"topic" text NOT NULL,
	"learner" text NOT NULL,
	"variant" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_search_daily_pkey" PRIMARY KEY("day","topic","learner","variant")
);
--> statement-breakpoint
CREATE TABLE "analytics_search_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"before_id" bigint DEFAULT 0 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"rolled_at" timestamp with time zone,
	CONSTRAINT "analytics_search_state_one_row" CHECK ("analytics_search_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "search_click_signal" (
	"key" text NOT NULL,
	"course_id" uuid NOT NULL,
	"score" real NOT NULL,
	"learners" integer NOT NULL,
	"clickers" integer NOT NULL,
	CONSTRAINT "search_click_signal_pkey" PRIMARY KEY("key","course_id")
);
--> statement-breakpoint
ALTER TABLE "search_click_signal" ADD CONSTRAINT "search_click_signal_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_search_clicks_learner_idx" ON "analytics_search_clicks" USING btree ("learner","course_id","last_at");--> statement-breakpoint
CREATE INDEX "analytics_search_clicks_last_at_idx" ON "analytics_search_clicks" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "analytics_search_daily_day_idx" ON "analytics_search_daily" USING btree ("day","category");