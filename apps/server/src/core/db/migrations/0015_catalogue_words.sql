-- The catalogue's keyword (issue #27) reads words, not trigrams: a trigram index scanned at a
-- typo-tolerant similarity returned most of the catalogue for any common start ("py…") and then
-- compared every one of them. Typos are now spelled out as the words they could be (edit distance
-- one, modules/courses/courses.browse-filters.ts) and looked up in word indexes.
DROP INDEX "courses_published_text_trgm_idx";--> statement-breakpoint
DROP INDEX "users_educator_name_trgm_idx";--> statement-breakpoint
-- A text's words as the keyword compares them: lower case ('simple' configuration, no stemming),
-- split at anything but letters and digits (so "AI/ML" and "Node.js" are two words each, as the
-- query's are), Devanagari vowel signs kept inside their words.
CREATE OR REPLACE FUNCTION catalog_words(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple'::regconfig, regexp_replace(t, '[^[:alnum:]]+', ' ', 'g')) $$;--> statement-breakpoint
ALTER TABLE "course_rank" ADD COLUMN "words" "tsvector";--> statement-breakpoint
-- The title's and subtitle's words of each course, kept in course_rank by a statement-level trigger
-- on courses, named to fire after the ones that insert its row ("courses_rank_insert" and
-- "courses_rank_update" < "courses_rank_words_…").
CREATE OR REPLACE FUNCTION course_rank_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "course_rank" r SET "words" = catalog_words(n."title" || ' ' || n."sub_title")
  FROM new_rows n
  WHERE r."course_id" = n."id" AND r."words" IS DISTINCT FROM catalog_words(n."title" || ' ' || n."sub_title");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_rank_words_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_words();--> statement-breakpoint
CREATE TRIGGER "courses_rank_words_update" AFTER UPDATE ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_rank_words();--> statement-breakpoint
UPDATE "course_rank" r SET "words" = catalog_words(c."title" || ' ' || c."sub_title") FROM "courses" c WHERE c."id" = r."course_id";--> statement-breakpoint
CREATE INDEX "course_rank_words_idx" ON "course_rank" USING gin ("words") WITH (fastupdate=false) WHERE "course_rank"."listed";--> statement-breakpoint
CREATE INDEX "users_educator_name_words_idx" ON "users" USING gin (catalog_words("name")) WITH (fastupdate=false) WHERE "users"."role" = 'educator';--> statement-breakpoint
ANALYZE "course_rank";
