DROP INDEX "courses_published_created_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "courses_published_newest_idx" ON "courses" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "reviews_created_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_course_created_idx" ON "reviews" USING btree ("course_id","created_at","id","rating");