ALTER TABLE "course_rank" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
CREATE INDEX "courses_published_text_trgm_idx" ON "courses" USING gin (lower("title" || ' ' || "sub_title") gin_trgm_ops) WITH (fastupdate=false) WHERE "courses"."is_published";--> statement-breakpoint
CREATE INDEX "course_rank_newest_idx" ON "course_rank" USING btree ("created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
CREATE INDEX "course_rank_price_asc_idx" ON "course_rank" USING btree (coalesce("price", 2147483647),"created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
CREATE INDEX "course_rank_price_desc_idx" ON "course_rank" USING btree (coalesce("price", -1) desc,"created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
CREATE INDEX "users_educator_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."role" = 'educator';--> statement-breakpoint
-- The catalogue's duration (issue #27): each course's total of the lecture durations known so far
-- (measured when a video is processed), kept in course_rank by statement-level triggers in the
-- writing transaction, like its other counts (0011). Named after the catalogue version's trigger
-- ("lectures_bump…" < "lectures_rank…") so that they fire after it: every writer takes the version
-- row first, then these rows. Only the courses whose lecture durations changed are summed again.
CREATE OR REPLACE FUNCTION course_rank_duration() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "course_rank" r SET "duration_seconds" = (SELECT sum(l."duration_seconds") FROM "lectures" l WHERE l."course_id" = r."course_id")
    WHERE r."course_id" IN (SELECT "course_id" FROM new_rows WHERE "duration_seconds" IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "course_rank" r SET "duration_seconds" = (SELECT sum(l."duration_seconds") FROM "lectures" l WHERE l."course_id" = r."course_id")
    WHERE r."course_id" IN (SELECT "course_id" FROM old_rows WHERE "duration_seconds" IS NOT NULL);
  ELSE
    UPDATE "course_rank" r SET "duration_seconds" = (SELECT sum(l."duration_seconds") FROM "lectures" l WHERE l."course_id" = r."course_id")
    WHERE r."course_id" IN (
      SELECT n."course_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."duration_seconds" IS DISTINCT FROM o."duration_seconds" OR n."course_id" <> o."course_id"
      UNION SELECT o."course_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."course_id" <> o."course_id"
    );
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lectures_rank_duration_insert" AFTER INSERT ON "lectures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_duration();--> statement-breakpoint
CREATE TRIGGER "lectures_rank_duration_update" AFTER UPDATE ON "lectures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_duration();--> statement-breakpoint
CREATE TRIGGER "lectures_rank_duration_delete" AFTER DELETE ON "lectures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_duration();--> statement-breakpoint
-- The courses already there (the triggers above hold lecture writers off until this commits).
UPDATE "course_rank" r SET "duration_seconds" = d."total"
FROM (SELECT "course_id", sum("duration_seconds") AS "total" FROM "lectures" WHERE "duration_seconds" IS NOT NULL GROUP BY "course_id") d
WHERE r."course_id" = d."course_id";--> statement-breakpoint
-- PGlite runs no autovacuum: without statistics its planner would not know the new indexes' worth.
ANALYZE "course_rank";
