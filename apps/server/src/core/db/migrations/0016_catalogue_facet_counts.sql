CREATE TABLE "catalog_facet_counts" (
	"category" text NOT NULL,
	"level" text NOT NULL,
	"price_band" integer NOT NULL,
	"rating10" integer NOT NULL,
	"duration_band" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_facet_counts_pkey" PRIMARY KEY("category","level","price_band","rating10","duration_band")
);
--> statement-breakpoint
-- The catalogue's filter buckets (issue #27; modules/courses/courses.browse-filters.ts reads them
-- too, so the buckets are defined once): price 0 free, 1 under ₹500, 2 under ₹1000, 3 from ₹1000;
-- the average rating as cards show it (one decimal, half up) times ten; hours of known lecture
-- video 0 under 2, 1 under 6, 2 from 6. Null: none.
CREATE OR REPLACE FUNCTION catalog_price_band(price integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN price IS NULL THEN NULL WHEN price = 0 THEN 0 WHEN price < 500 THEN 1 WHEN price < 1000 THEN 2 ELSE 3 END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_rating10(rating_sum integer, reviews integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN reviews > 0 THEN (20 * rating_sum + reviews) / (2 * reviews) END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_duration_band(seconds real) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN seconds IS NULL THEN NULL WHEN seconds < 7200 THEN 0 WHEN seconds < 21600 THEN 1 ELSE 2 END $$;--> statement-breakpoint
-- Counts are added to and taken from per statement: the cells of the rows a statement changed,
-- netted (an enrolment changes no cell and writes nothing). Cells that reach 0 stay, counting nothing.
CREATE OR REPLACE FUNCTION catalog_facet_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "price_band", "rating10", "duration_band", "n")
    SELECT coalesce("category", ''), coalesce("level", ''), coalesce(catalog_price_band("price"), -1),
      coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), count(*)
    FROM new_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("category", "level", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "price_band", "rating10", "duration_band", "n")
    SELECT coalesce("category", ''), coalesce("level", ''), coalesce(catalog_price_band("price"), -1),
      coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), -count(*)
    FROM old_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT ("category", "level", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  ELSE
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "price_band", "rating10", "duration_band", "n")
    SELECT c, l, p, r, d, sum(k)::int FROM (
      SELECT coalesce("category", '') c, coalesce("level", '') l, coalesce(catalog_price_band("price"), -1) p,
        coalesce(catalog_rating10("rating_sum", "reviews"), -1) r, coalesce(catalog_duration_band("duration_seconds"), -1) d, 1 k
      FROM new_rows WHERE "listed"
      UNION ALL
      SELECT coalesce("category", ''), coalesce("level", ''), coalesce(catalog_price_band("price"), -1),
        coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), -1
      FROM old_rows WHERE "listed") x
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT ("category", "level", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_rank_facet_counts_insert" AFTER INSERT ON "course_rank" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_keep();--> statement-breakpoint
CREATE TRIGGER "course_rank_facet_counts_update" AFTER UPDATE ON "course_rank" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_keep();--> statement-breakpoint
CREATE TRIGGER "course_rank_facet_counts_delete" AFTER DELETE ON "course_rank" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facet_counts_keep();--> statement-breakpoint
-- Counts everything again (after a bulk load with triggers off; search's recountCourseRank calls it).
CREATE OR REPLACE FUNCTION catalog_facet_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "catalog_facet_counts";
  INSERT INTO "catalog_facet_counts" ("category", "level", "price_band", "rating10", "duration_band", "n")
  SELECT coalesce("category", ''), coalesce("level", ''), coalesce(catalog_price_band("price"), -1),
    coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), count(*)
  FROM "course_rank" WHERE "listed" GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT catalog_facet_counts_recount();
