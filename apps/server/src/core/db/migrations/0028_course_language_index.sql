CREATE INDEX "course_rank_language_newest_idx" ON "course_rank" USING btree ("language","created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
-- PGlite runs no autovacuum: without statistics its planner would not know the new index's worth.
ANALYZE "course_rank";
