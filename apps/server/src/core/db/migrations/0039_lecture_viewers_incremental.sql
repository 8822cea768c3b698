-- Issue #33: the rollup adds a viewer's new heartbeats to their row instead of reading all of them again.
-- Rows from before have no last heartbeat: their next heartbeat counts them again from all (as before).
ALTER TABLE "analytics_lecture_viewers" ADD COLUMN "last_position" real;--> statement-breakpoint
ALTER TABLE "analytics_lecture_viewers" ADD COLUMN "last_id" bigint;