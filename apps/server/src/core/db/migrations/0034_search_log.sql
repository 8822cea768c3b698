CREATE TABLE "analytics_search_log" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"learner" text NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"variant" text NOT NULL,
	"label" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"results" integer NOT NULL,
	"shown" uuid[] NOT NULL,
	"opened" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"enrolled" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_search_log_learner_at_idx" ON "analytics_search_log" USING btree ("learner","at");--> statement-breakpoint
CREATE INDEX "analytics_search_log_day_idx" ON "analytics_search_log" USING btree ("day");