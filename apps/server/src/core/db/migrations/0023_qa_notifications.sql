CREATE TABLE "notification_digests" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "notification_events_kind_check" CHECK ("notification_events"."kind" in ('answer', 'accepted', 'question', 'lecture', 'certificate', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "notification_mails_sent" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mails_sent_pkey" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('answer', 'accepted', 'question', 'lecture', 'certificate', 'refund')),
	CONSTRAINT "notification_preferences_mode_check" CHECK ("notification_preferences"."mode" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notification_secrets" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"course_id" uuid,
	"read_at" timestamp with time zone,
	"mail" text DEFAULT 'pending' NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('answer', 'accepted', 'question', 'lecture', 'certificate', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "qa_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"lecture_id" uuid,
	"timestamp_sec" integer,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"first_educator_answer_at" timestamp with time zone,
	"search_tsv" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_questions_timestamp_check" CHECK ("qa_questions"."timestamp_sec" is null or "qa_questions"."timestamp_sec" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qa_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid,
	"answer_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_reports_target_check" CHECK (num_nonnulls("qa_reports"."question_id", "qa_reports"."answer_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "qa_terms" (
	"course_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "qa_terms_pkey" PRIMARY KEY("course_id","term")
);
--> statement-breakpoint
CREATE TABLE "qa_votes" (
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_votes_pkey" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails_sent" ADD CONSTRAINT "notification_mails_sent_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails_sent" ADD CONSTRAINT "notification_mails_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_answers" ADD CONSTRAINT "qa_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_reports" ADD CONSTRAINT "qa_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_reports" ADD CONSTRAINT "qa_reports_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_reports" ADD CONSTRAINT "qa_reports_answer_id_qa_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."qa_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_terms" ADD CONSTRAINT "qa_terms_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_votes" ADD CONSTRAINT "qa_votes_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_votes" ADD CONSTRAINT "qa_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_events_dedupe_key" ON "notification_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_events_waiting_idx" ON "notification_events" USING btree ("created_at") WHERE "notification_events"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notifications" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_newest_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."mail" = 'daily' and "notifications"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "qa_answers_question_created_idx" ON "qa_answers" USING btree ("question_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_answers_one_accepted_key" ON "qa_answers" USING btree ("question_id") WHERE "qa_answers"."accepted";--> statement-breakpoint
CREATE INDEX "qa_answers_user_idx" ON "qa_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qa_questions_course_recent_idx" ON "qa_questions" USING btree ("course_id","featured","created_at","id");--> statement-breakpoint
CREATE INDEX "qa_questions_course_votes_idx" ON "qa_questions" USING btree ("course_id","featured","votes","created_at","id");--> statement-breakpoint
CREATE INDEX "qa_questions_lecture_recent_idx" ON "qa_questions" USING btree ("lecture_id","featured","created_at","id");--> statement-breakpoint
CREATE INDEX "qa_questions_unanswered_idx" ON "qa_questions" USING btree ("course_id","created_at","id") WHERE "qa_questions"."answered" = false;--> statement-breakpoint
CREATE INDEX "qa_questions_user_idx" ON "qa_questions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qa_questions_search_idx" ON "qa_questions" USING gin ("search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "qa_reports_user_question_key" ON "qa_reports" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_reports_user_answer_key" ON "qa_reports" USING btree ("user_id","answer_id");--> statement-breakpoint
CREATE INDEX "qa_reports_question_idx" ON "qa_reports" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "qa_reports_answer_idx" ON "qa_reports" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "qa_terms_prefix_idx" ON "qa_terms" USING btree ("course_id","term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "qa_votes_user_idx" ON "qa_votes" USING btree ("user_id");