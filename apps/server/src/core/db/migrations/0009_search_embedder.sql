ALTER TABLE "course_search" ADD COLUMN "embedding_ext" "bytea";--> statement-breakpoint
ALTER TABLE "course_search" ADD COLUMN "embedder" text;--> statement-breakpoint
ALTER TABLE "course_search" ADD COLUMN "ext_version" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_search" ADD COLUMN "ext_at" timestamp with time zone;