-- Issue #33: each rollup run sums and replaces its days' rows of these tables: read by day, not scanned.
CREATE INDEX "analytics_educator_source_daily_day_idx" ON "analytics_educator_source_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_source_daily_day_idx" ON "analytics_source_daily" USING btree ("day");