CREATE TABLE "catalog_vocabulary" (
	"word" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_educator_name_words_idx";--> statement-breakpoint
CREATE INDEX "catalog_vocabulary_prefix_idx" ON "catalog_vocabulary" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The catalogue's keyword (issue #27) in one index: course_rank.words now holds the educator's name
-- with the title and subtitle, so a typo's corrections are looked up once (in catalog_vocabulary)
-- and the courses in one word index; an educator's new name re-words their courses.
CREATE OR REPLACE FUNCTION course_rank_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_rank" r SET "words" = catalog_words(n."title" || ' ' || n."sub_title" || ' ' || u."name")
  FROM new_rows n JOIN "users" u ON u."id" = n."creator_id"
  WHERE r."course_id" = n."id" AND r."words" IS DISTINCT FROM catalog_words(n."title" || ' ' || n."sub_title" || ' ' || u."name");
  RETURN NULL;
END $$;--> statement-breakpoint
-- After the catalogue version's trigger ("users_bump…" < "users_rank…"), like every writer.
CREATE OR REPLACE FUNCTION course_rank_educator_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_rank" r SET "words" = catalog_words(c."title" || ' ' || c."sub_title" || ' ' || n."name")
  FROM new_rows n JOIN old_rows o ON o."id" = n."id" JOIN "courses" c ON c."creator_id" = n."id"
  WHERE n."name" IS DISTINCT FROM o."name" AND r."course_id" = c."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_rank_words" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_educator_words();--> statement-breakpoint
-- The vocabulary of the listed courses' words, netted per statement like catalog_facet_counts.
CREATE OR REPLACE FUNCTION catalog_vocabulary_keep() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_rank_vocabulary_insert" AFTER INSERT ON "course_rank" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_vocabulary_keep();--> statement-breakpoint
CREATE TRIGGER "course_rank_vocabulary_update" AFTER UPDATE ON "course_rank" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_vocabulary_keep();--> statement-breakpoint
CREATE TRIGGER "course_rank_vocabulary_delete" AFTER DELETE ON "course_rank" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_vocabulary_keep();--> statement-breakpoint
-- Counts the vocabulary again (after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION catalog_vocabulary_recount() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "catalog_vocabulary";
  INSERT INTO "catalog_vocabulary" ("word", "n")
  SELECT w, count(*)::int FROM "course_rank", unnest(tsvector_to_array("words")) w WHERE "listed" GROUP BY w;
$$;--> statement-breakpoint
UPDATE "course_rank" r SET "words" = catalog_words(c."title" || ' ' || c."sub_title" || ' ' || u."name")
FROM "courses" c JOIN "users" u ON u."id" = c."creator_id" WHERE c."id" = r."course_id";--> statement-breakpoint
SELECT catalog_vocabulary_recount();--> statement-breakpoint
ANALYZE "course_rank";--> statement-breakpoint
ANALYZE "catalog_vocabulary";
