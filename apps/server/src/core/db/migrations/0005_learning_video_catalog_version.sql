CREATE TABLE "lecture_captions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid,
	"learner_name" text NOT NULL,
	"course_title" text NOT NULL,
	"educator_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score_percent" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"section_id" uuid,
	"title" text NOT NULL,
	"pass_percent" integer NOT NULL,
	"max_attempts" integer,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_pass_percent_check" CHECK ("quizzes"."pass_percent" between 0 and 100),
	CONSTRAINT "quizzes_max_attempts_check" CHECK ("quizzes"."max_attempts" is null or "quizzes"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "processing" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "hls_key" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "video_width" integer;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "video_height" integer;--> statement-breakpoint
ALTER TABLE "lecture_captions" ADD CONSTRAINT "lecture_captions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_captions_lecture_lang_key" ON "lecture_captions" USING btree ("lecture_id","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course_key" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "certificates_course_idx" ON "certificates" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_quiz_user_idx" ON "quiz_attempts" USING btree ("quiz_id","user_id","attempt");--> statement-breakpoint
CREATE INDEX "quizzes_course_idx" ON "quizzes" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_sections_course_position_idx" ON "course_sections" USING btree ("course_id","position");--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lectures_section_idx" ON "lectures" USING btree ("section_id");--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "lectures_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "lectures" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "course_sections_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "course_sections" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "quizzes_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "quizzes" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "lecture_captions_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "lecture_captions" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "reviews_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "enrollments_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();--> statement-breakpoint
CREATE TRIGGER "users_bump_catalog_version" AFTER UPDATE OF "name", "photo_key", "role" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
