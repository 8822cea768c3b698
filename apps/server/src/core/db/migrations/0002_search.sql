CREATE TABLE "course_search" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"tsv_head" "tsvector" NOT NULL,
	"terms" text[] NOT NULL,
	"category" text NOT NULL,
	"level" text,
	"price" integer,
	"embedding" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"lexeme" text,
	"df" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_search_tsv_idx" ON "course_search" USING gin ("tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "course_search_tsv_head_idx" ON "course_search" USING gin ("tsv_head") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);