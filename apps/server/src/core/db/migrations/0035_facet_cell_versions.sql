ALTER TABLE "catalog_facet_counts" ADD COLUMN "changed_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_facet_counts_changed_idx" ON "catalog_facet_counts" USING btree ("changed_at");--> statement-breakpoint
-- Issue #29: the whole catalogue's facet cube doubled with the language (some 10,000 cells), and
-- every server read all of it again whenever the facets version moved (a course's buckets or words
-- changed). Each cell now carries the facets version of its last change (changed_at), so a server
-- keeping the cube reads only the cells changed since its copy (courses.browse.ts). The trigger of
-- 0022 with that stamp: the version moves in the statement that changes the cells, only when some
-- cell changes (an enrolment changes none), under its row's lock until the commit, so no other
-- change commits a version between this one and the cells it stamps.
CREATE OR REPLACE FUNCTION catalog_facet_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT coalesce("category", '') c, coalesce("level", '') l, coalesce("language", '') g, coalesce(catalog_price_band("price"), -1) p,
        coalesce(catalog_rating10("rating_sum", "reviews"), -1) r, coalesce(catalog_duration_band("duration_seconds"), -1) b, count(*)::int k
      FROM new_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6),
    bump AS (UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1 AND EXISTS (SELECT 1 FROM d) RETURNING "version")
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n", "changed_at")
    SELECT d.c, d.l, d.g, d.p, d.r, d.b, d.k, bump."version" FROM d, bump
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band")
    DO UPDATE SET "n" = f."n" + excluded."n", "changed_at" = excluded."changed_at";
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT coalesce("category", '') c, coalesce("level", '') l, coalesce("language", '') g, coalesce(catalog_price_band("price"), -1) p,
        coalesce(catalog_rating10("rating_sum", "reviews"), -1) r, coalesce(catalog_duration_band("duration_seconds"), -1) b, -count(*)::int k
      FROM old_rows WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6),
    bump AS (UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1 AND EXISTS (SELECT 1 FROM d) RETURNING "version")
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n", "changed_at")
    SELECT d.c, d.l, d.g, d.p, d.r, d.b, d.k, bump."version" FROM d, bump
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band")
    DO UPDATE SET "n" = f."n" + excluded."n", "changed_at" = excluded."changed_at";
  ELSE
    WITH d AS (
      SELECT c, l, g, p, r, b, sum(k)::int k FROM (
        SELECT coalesce("category", '') c, coalesce("level", '') l, coalesce("language", '') g, coalesce(catalog_price_band("price"), -1) p,
          coalesce(catalog_rating10("rating_sum", "reviews"), -1) r, coalesce(catalog_duration_band("duration_seconds"), -1) b, 1 k
        FROM new_rows WHERE "listed"
        UNION ALL
        SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
          coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), -1
        FROM old_rows WHERE "listed") x
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k) <> 0),
    bump AS (UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1 AND EXISTS (SELECT 1 FROM d) RETURNING "version")
    INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n", "changed_at")
    SELECT d.c, d.l, d.g, d.p, d.r, d.b, d.k, bump."version" FROM d, bump
    ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band")
    DO UPDATE SET "n" = f."n" + excluded."n", "changed_at" = excluded."changed_at";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Counts everything again (0022): cells are set to 0 rather than deleted, so a server patching its
-- cube from the changed cells sees the ones that emptied; every cell that changed is stamped.
CREATE OR REPLACE FUNCTION catalog_facet_counts_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO v;
  UPDATE "catalog_facet_counts" SET "n" = 0, "changed_at" = v WHERE "n" <> 0;
  INSERT INTO "catalog_facet_counts" AS f ("category", "level", "language", "price_band", "rating10", "duration_band", "n", "changed_at")
  SELECT coalesce("category", ''), coalesce("level", ''), coalesce("language", ''), coalesce(catalog_price_band("price"), -1),
    coalesce(catalog_rating10("rating_sum", "reviews"), -1), coalesce(catalog_duration_band("duration_seconds"), -1), count(*)::int, v
  FROM "course_rank" WHERE "listed" GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("category", "level", "language", "price_band", "rating10", "duration_band") DO UPDATE SET "n" = excluded."n", "changed_at" = v;
END $$;--> statement-breakpoint
-- The cells there are stamped with the current version, which moves: servers read their cubes again.
UPDATE "catalog_facets_version" SET "version" = "version" + 1 WHERE "id" = 1;--> statement-breakpoint
UPDATE "catalog_facet_counts" SET "changed_at" = (SELECT "version" FROM "catalog_facets_version" WHERE "id" = 1);
