CREATE TABLE "analytics_educator_daily" (
	"educator_id" uuid NOT NULL,
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
	CONSTRAINT "analytics_educator_daily_pkey" PRIMARY KEY("educator_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_educator_source_daily" (
	"educator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_educator_source_daily_pkey" PRIMARY KEY("educator_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_site_source_daily" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"enrolments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_site_source_daily_pkey" PRIMARY KEY("day","source")
);
