CREATE TABLE "catalog_facets_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_facets_version_single_row" CHECK ("catalog_facets_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_facets_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- The facet counts' and the vocabulary's triggers (0016, 0019), now also moving the facets version
-- when they change something. A writer takes the catalogue version's row first (ADR 0012), then
-- this one: always in that order.
CREATE OR REPLACE FUNCTION catalog_facets_changed(changed bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1 AND changed > 0;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facet_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed bigint;
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
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM catalog_facets_changed(changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_vocabulary_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "catalog_vocabulary" AS v ("word", "n")
    SELECT w, count(*)::int FROM new_rows, unnest(tsvector_to_array("words")) w WHERE "listed" GROUP BY w
    ON CONFLICT ("word") DO UPDATE SET "n" = v."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalog_vocabulary" AS v ("word", "n")
    SELECT w, -count(*)::int FROM old_rows, unnest(tsvector_to_array("words")) w WHERE "listed" GROUP BY w
    ON CONFLICT ("word") DO UPDATE SET "n" = v."n" + excluded."n";
  ELSE
    INSERT INTO "catalog_vocabulary" AS v ("word", "n")
    SELECT w, sum(k)::int FROM (
      SELECT w, 1 k FROM new_rows, unnest(tsvector_to_array("words")) w WHERE "listed"
      UNION ALL SELECT w, -1 FROM old_rows, unnest(tsvector_to_array("words")) w WHERE "listed") x
    GROUP BY w HAVING sum(k) <> 0
    ON CONFLICT ("word") DO UPDATE SET "n" = v."n" + excluded."n";
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  PERFORM catalog_facets_changed(changed);
  RETURN NULL;
END $$;
