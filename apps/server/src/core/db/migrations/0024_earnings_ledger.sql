CREATE TABLE "admin_emails" (
	"email" text NOT NULL,
	CONSTRAINT "admin_emails_email_pk" PRIMARY KEY("email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "earnings_balances" (
	"educator_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"lifetime" bigint DEFAULT 0 NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"educator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"gross" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"platform_fee" bigint NOT NULL,
	"educator_share" bigint NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"reason" text,
	"actor_id" uuid,
	CONSTRAINT "ledger_entries_parts_check" CHECK ("ledger_entries"."kind" not in ('sale', 'refund') or "ledger_entries"."gross" = "ledger_entries"."gst" + "ledger_entries"."platform_fee" + "ledger_entries"."educator_share"),
	CONSTRAINT "ledger_entries_kind_check" CHECK (case "ledger_entries"."kind"
        when 'sale' then "ledger_entries"."order_id" is not null and "ledger_entries"."gst" >= 0 and "ledger_entries"."platform_fee" >= 0 and "ledger_entries"."educator_share" >= 0
        when 'refund' then "ledger_entries"."order_id" is not null and "ledger_entries"."gst" <= 0 and "ledger_entries"."platform_fee" <= 0 and "ledger_entries"."educator_share" <= 0
        when 'payout' then "ledger_entries"."payout_id" is not null and "ledger_entries"."gross" = 0 and "ledger_entries"."gst" = 0 and "ledger_entries"."educator_share" < 0
        when 'payoutReturn' then "ledger_entries"."payout_id" is not null and "ledger_entries"."gross" = 0 and "ledger_entries"."gst" = 0 and "ledger_entries"."educator_share" > 0
        when 'adjustment' then "ledger_entries"."reason" is not null and "ledger_entries"."gross" = 0 and "ledger_entries"."gst" = 0 and "ledger_entries"."educator_share" <> 0
        else false end)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"educator_id" uuid PRIMARY KEY NOT NULL,
	"account_holder" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"pan_encrypted" text NOT NULL,
	"pan_last4" text NOT NULL,
	"route_account_id" text,
	"route_product_id" text,
	"route_ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_ifsc_check" CHECK ("payout_accounts"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"actor_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"educator_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"failure" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refund_retries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"actor_id" uuid,
	"previous_provider_refund_id" text,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_retries" ADD CONSTRAINT "refund_retries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_seq_key" ON "ledger_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_educator_seq_idx" ON "ledger_entries" USING btree ("educator_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_educator_available_idx" ON "ledger_entries" USING btree ("educator_id","available_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_educator_at_idx" ON "ledger_entries" USING btree ("educator_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_order_kind_key" ON "ledger_entries" USING btree ("order_id","kind") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_kind_key" ON "ledger_entries" USING btree ("payout_id","kind") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_educator_idx" ON "payouts" USING btree ("educator_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status") WHERE "payouts"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refund_retries_refund_idx" ON "refund_retries" USING btree ("refund_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('student', 'educator', 'admin'));--> statement-breakpoint
-- The ledger and the audit log are append-only: a sum or an action once written is never changed or
-- removed; a mistake is corrected by a new entry (an adjustment, a reversal).
CREATE OR REPLACE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: rows cannot be %d', TG_TABLE_NAME, lower(TG_OP);
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
-- An account created with one of ADMIN_EMAILS (kept in admin_emails by the running server) is an
-- admin, whichever way it signs up (password, Google) and whatever role it asked for.
CREATE OR REPLACE FUNCTION users_admin_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM admin_emails WHERE email = NEW.email) THEN
    NEW.role := 'admin';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_admin_emails" BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION users_admin_emails();
