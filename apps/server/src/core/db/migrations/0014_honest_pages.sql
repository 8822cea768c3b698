ALTER TABLE "courses" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "show_answers" text DEFAULT 'after-pass' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_contact_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_list_price_check" CHECK ("courses"."list_price" is null or "courses"."list_price" > 0);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_show_answers_check" CHECK ("quizzes"."show_answers" in ('always', 'after-pass', 'never'));