CREATE TABLE "analytics_search_demand_days" (
	"scope" text NOT NULL,
	"topic" text NOT NULL,
	"variant" text NOT NULL,
	"learner" text NOT NULL,
	"day" date NOT NULL,
	"prev" date,
	CONSTRAINT "analytics_search_demand_days_pkey" PRIMARY KEY("scope","topic","variant","learner","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_search_demand_slices" (
	"scope" text NOT NULL,
	"topic" text NOT NULL,
	"variant" text NOT NULL,
	"label" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "analytics_search_demand_slices_pkey" PRIMARY KEY("scope","topic","variant")
);
--> statement-breakpoint
CREATE TABLE "analytics_search_demand_totals" (
	"scope" text NOT NULL,
	"topic" text NOT NULL,
	"variant" text NOT NULL,
	"day" date NOT NULL,
	"learners" integer NOT NULL,
	"searches" bigint NOT NULL,
	"results" bigint NOT NULL,
	CONSTRAINT "analytics_search_demand_totals_pkey" PRIMARY KEY("scope","topic","variant","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_search_state" ADD COLUMN "demand_from" date;--> statement-breakpoint
CREATE INDEX "analytics_search_demand_days_returns_idx" ON "analytics_search_demand_days" USING btree ("scope","day","prev","topic","variant") WHERE "analytics_search_demand_days"."prev" is not null;--> statement-breakpoint
-- The running counts are made from the daily demand rows by the search rollup: its next run builds them
-- from the first day there is.
UPDATE "analytics_search_state" SET "demand_from" = (SELECT min("day") FROM "analytics_search_daily");
