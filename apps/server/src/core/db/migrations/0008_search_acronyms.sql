ALTER TABLE "course_search" ADD COLUMN "acronyms" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Moves the mined acronyms already indexed (the marked words `acrnym…` in the lecture-title
-- field of tsv) to their own column, positions and weights kept, so that no re-index is needed.
UPDATE "course_search" SET
  "acronyms" = coalesce((
    SELECT string_agg(format('%L:%s', u.lexeme, (SELECT string_agg(p::text || w::text, ',') FROM unnest(u.positions, u.weights) AS x(p, w))), ' ')
    FROM unnest("tsv") AS u WHERE u.lexeme LIKE 'acrnym%'), '')::tsvector,
  "tsv" = ts_delete("tsv", array(SELECT u.lexeme FROM unnest("tsv") AS u WHERE u.lexeme LIKE 'acrnym%'))
WHERE EXISTS (SELECT 1 FROM unnest("tsv") AS u WHERE u.lexeme LIKE 'acrnym%');--> statement-breakpoint
CREATE INDEX "course_search_acronyms_idx" ON "course_search" USING gin ("acronyms") WITH (fastupdate=false);
