CREATE TABLE "video_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"lecture_id" uuid NOT NULL,
	"video_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_uploads_lecture_idx" ON "video_uploads" USING btree ("lecture_id");