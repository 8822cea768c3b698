-- Issue #33: the lecture viewers' rows are updated by the tens of thousands a minute. Without the last_at index
-- (the daily sweep reads the table instead) and with room left in each page, an update writes no index entry.
DROP INDEX "analytics_lecture_viewers_last_at_idx";--> statement-breakpoint
ALTER TABLE "analytics_lecture_viewers" SET (fillfactor = 75);
