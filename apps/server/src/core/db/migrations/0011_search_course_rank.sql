CREATE TABLE "course_rank" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"category" text,
	"level" text,
	"price" integer,
	"created_at" timestamp with time zone,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"enrolled" integer DEFAULT 0 NOT NULL,
	"rating" double precision GENERATED ALWAYS AS (case when reviews > 0 then rating_sum::float8 / reviews else 0 end) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_rank" ADD CONSTRAINT "course_rank_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The search's listing of queries without a topic (schema/search.ts): facts of each course and its
-- review and enrolment counts, kept by statement-level triggers in the writing transaction, whichever
-- module writes (as the catalogue version, ADR 0012). A deleted course's row goes with it (foreign
-- key). The triggers are named after the catalogue version's so that they fire after it: every writer
-- takes the version row first, then these rows, and two writers cannot wait on each other.
CREATE OR REPLACE FUNCTION course_rank_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_rank" ("course_id", "listed", "category", "level", "price", "created_at")
  SELECT n."id", n."is_published", n."category", n."level", n."price", n."created_at" FROM new_rows n
  ON CONFLICT ("course_id") DO UPDATE SET
    "listed" = excluded."listed", "category" = excluded."category", "level" = excluded."level",
    "price" = excluded."price", "created_at" = excluded."created_at"
  -- An edit of the title or a thumbnail leaves the row as it is.
  WHERE ("course_rank"."listed", "course_rank"."category", "course_rank"."level", "course_rank"."price", "course_rank"."created_at")
    IS DISTINCT FROM (excluded."listed", excluded."category", excluded."level", excluded."price", excluded."created_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_rank_enrolled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "course_rank" r SET "enrolled" = r."enrolled" + d.n
    FROM (SELECT "course_id", count(*)::int AS n FROM new_rows GROUP BY "course_id") d WHERE r."course_id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "course_rank" r SET "enrolled" = r."enrolled" - d.n
    FROM (SELECT "course_id", count(*)::int AS n FROM old_rows GROUP BY "course_id") d WHERE r."course_id" = d."course_id";
  ELSE
    UPDATE "course_rank" r SET "enrolled" = r."enrolled" + d.n
    FROM (SELECT "course_id", sum(x.n)::int AS n
          FROM (SELECT "course_id", 1 AS n FROM new_rows UNION ALL SELECT "course_id", -1 FROM old_rows) x
          GROUP BY "course_id" HAVING sum(x.n) <> 0) d
    WHERE r."course_id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_rank_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "course_rank" r SET "reviews" = r."reviews" + d.n, "rating_sum" = r."rating_sum" + d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM new_rows GROUP BY "course_id") d
    WHERE r."course_id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "course_rank" r SET "reviews" = r."reviews" - d.n, "rating_sum" = r."rating_sum" - d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM old_rows GROUP BY "course_id") d
    WHERE r."course_id" = d."course_id";
  ELSE
    UPDATE "course_rank" r SET "reviews" = r."reviews" + d.n, "rating_sum" = r."rating_sum" + d.s
    FROM (SELECT "course_id", sum(x.n)::int AS n, sum(x.s)::int AS s
          FROM (SELECT "course_id", 1 AS n, "rating" AS s FROM new_rows
                UNION ALL SELECT "course_id", -1, -"rating" FROM old_rows) x
          GROUP BY "course_id" HAVING sum(x.n) <> 0 OR sum(x.s) <> 0) d
    WHERE r."course_id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_rank_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_facts();--> statement-breakpoint
CREATE TRIGGER "courses_rank_update" AFTER UPDATE ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_facts();--> statement-breakpoint
CREATE TRIGGER "enrollments_rank_insert" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_enrolled();--> statement-breakpoint
CREATE TRIGGER "enrollments_rank_update" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_enrolled();--> statement-breakpoint
CREATE TRIGGER "enrollments_rank_delete" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_enrolled();--> statement-breakpoint
CREATE TRIGGER "reviews_rank_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_reviews();--> statement-breakpoint
CREATE TRIGGER "reviews_rank_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_reviews();--> statement-breakpoint
CREATE TRIGGER "reviews_rank_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_reviews();--> statement-breakpoint
-- The rows of the courses already there (the triggers above hold writers off until this commits).
INSERT INTO "course_rank" ("course_id", "listed", "category", "level", "price", "created_at", "reviews", "rating_sum", "enrolled")
SELECT c."id", c."is_published", c."category", c."level", c."price", c."created_at",
  coalesce(r.n, 0), coalesce(r.s, 0), coalesce(e.n, 0)
FROM "courses" c
LEFT JOIN (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM "reviews" GROUP BY "course_id") r ON r."course_id" = c."id"
LEFT JOIN (SELECT "course_id", count(*)::int AS n FROM "enrollments" GROUP BY "course_id") e ON e."course_id" = c."id";--> statement-breakpoint
CREATE INDEX "course_rank_rating_idx" ON "course_rank" USING btree ("rating" DESC NULLS LAST,"enrolled" DESC NULLS LAST,"created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
CREATE INDEX "course_rank_popular_idx" ON "course_rank" USING btree ("enrolled" DESC NULLS LAST,"rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"course_id") WHERE "course_rank"."listed";--> statement-breakpoint
-- PGlite runs no autovacuum: without statistics its planner would not know the table's size.
ANALYZE "course_rank";
