-- A course's language (issue #29) as a filter and facet of the catalogue: a column of courses, of
-- course_rank (kept by course_rank_facts) and a dimension of catalog_facet_counts (its primary key
-- gains it). The facet counts are counted again below, so the old ones go first: the new column
-- has no value for them.
DELETE FROM "catalog_facet_counts";--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD COLUMN "language" text NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_rank" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" DROP CONSTRAINT "catalog_facet_counts_pkey";
--> statement-breakpoint
ALTER TABLE "catalog_facet_counts" ADD CONSTRAINT "catalog_facet_counts_pkey" PRIMARY KEY("category","level","language","price_band","rating10","duration_band");--> statement-breakpoint
-- course_rank's facts of a course (0011), now with its language.
CREATE OR REPLACE FUNCTION course_rank_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "course_rank" ("course_id", "listed", "category", "level", "language", "price", "created_at")
  SELECT n."id", n."is_published", n."category", n."level", n."language", n."price", n."created_at" FROM new_rows n
  ON CONFLICT ("course_id") DO UPDATE SET
    "listed" = excluded."listed", "category" = excluded."category", "level" = excluded."level",
    "language" = excluded."language", "price" = excluded."price", "created_at" = excluded."created_at"
  -- An edit of the title or a thumbnail leaves the row as it is.
  WHERE ("course_rank"."listed", "course_rank"."category", "course_rank"."level", "course_rank"."language",
      "course_rank"."price", "course_rank"."created_at")
    IS DISTINCT FROM (excluded."listed", excluded."category", excluded."level", excluded."language",
      excluded."price", excluded."created_at");
  RETURN NULL;
END $$;--> statement-breakpoint
-- The facet counts' trigger (0016, 0020) with the language as one more bucket ('' for none).
CREATE OR REPLACE FUNCTION catalog_facet_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n")
    SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
      coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), count(*)
    FROM new_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n")
    SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
      coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), -count(*)
    FROM old_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  ELSE
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n")
    SELECT c, l, g, p, r, d, sum(k)::int FROM (
      SELECT coalesce("category", '') c, coalesce("level", '') l, coalesce("language", '') g, coalesce(catalog_price_band("price"), -1) p,
        coalesce(catalog_rating10("rating_sum", "reviews"), -1) r, coalesce(catalog_duration_band("duration_seconds"), -1) d, 1 k
      FROM new_rows WHERE "listed"
      UNION ALL
      SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
        coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), -1
      FROM old_rows WHERE "listed") x
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k) <> 0
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = f."n" + excluded."n";
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM catalog_facets_changed(changed);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Counts everything again (0016), with the language.
CREATE OR REPLACE FUNCTION catalog_facet_counts_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "catalog_facet_counts";
  INSERT INTO "catalog_facet_counts" ("category", "level", "language", "price_band", "rating10", "duration_band", "n")
  SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
    coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), count(*)
  FROM "course_rank" WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
-- The courses already there are in English (the column's default); the cubes kept by the servers
-- are read again (the facets version moves).
UPDATE "course_rank" r SET "language" = c."language" FROM "courses" c WHERE c."id" = r."course_id";--> statement-breakpoint
SELECT catalog_facet_counts_recount();--> statement-breakpoint
UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1;--> statement-breakpoint
ANALYZE "course_rank";--> statement-breakpoint
ANALYZE "catalog_facet_counts";
