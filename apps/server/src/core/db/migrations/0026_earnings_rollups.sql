CREATE TABLE "earnings_monthly" (
	"educator_id" uuid NOT NULL,
	"month" text NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "earnings_monthly_educator_id_month_pk" PRIMARY KEY("educator_id","month")
);
--> statement-breakpoint
CREATE TABLE "gst_month_totals" (
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"class" text NOT NULL,
	"place_of_supply" text NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL,
	"sac" text NOT NULL,
	"documents" bigint NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "gst_month_totals_month_kind_class_place_of_supply_gst_rate_sac_pk" PRIMARY KEY("month","kind","class","place_of_supply","gst_rate","sac")
);
--> statement-breakpoint
ALTER TABLE "earnings_monthly" ADD CONSTRAINT "earnings_monthly_educator_id_users_id_fk" FOREIGN KEY ("educator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_gstr_listed_idx" ON "invoices" USING btree ("issued_at") WHERE ("invoices"."buyer" ->> 'gstin') is not null or ("invoices"."place_of_supply" <> ("invoices"."seller" ->> 'stateCode') and "invoices"."total" > 10000000);--> statement-breakpoint
-- The sums of what is there already, then every document as it is issued (invoices are append-only,
-- so adding each one keeps the sums exact). The class is GSTR-1's: a buyer with a GSTIN is B2B; an
-- unregistered buyer's inter-state invoice above ₹1,00,000 (10,000,000 paise) B2CL; the rest B2CS.
INSERT INTO gst_month_totals (month, kind, class, place_of_supply, gst_rate, sac, documents, taxable, cgst, sgst, igst, total)
SELECT to_char(issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'), kind,
  CASE WHEN (buyer ->> 'gstin') IS NOT NULL THEN 'b2b'
       WHEN place_of_supply <> (seller ->> 'stateCode') AND total > 10000000 THEN 'b2cl'
       ELSE 'b2cs' END AS class,
  place_of_supply, gst_rate, sac, count(*), sum(taxable), sum(cgst), sum(sgst), sum(igst), sum(total)
FROM invoices GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
CREATE OR REPLACE FUNCTION gst_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gst_month_totals AS t (month, kind, class, place_of_supply, gst_rate, sac, documents, taxable, cgst, sgst, igst, total)
  VALUES (
    to_char(NEW.issued_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'), NEW.kind,
    CASE WHEN (NEW.buyer ->> 'gstin') IS NOT NULL THEN 'b2b'
         WHEN NEW.place_of_supply <> (NEW.seller ->> 'stateCode') AND NEW.total > 10000000 THEN 'b2cl'
         ELSE 'b2cs' END,
    NEW.place_of_supply, NEW.gst_rate, NEW.sac, 1, NEW.taxable, NEW.cgst, NEW.sgst, NEW.igst, NEW.total)
  ON CONFLICT (month, kind, class, place_of_supply, gst_rate, sac) DO UPDATE SET
    documents = t.documents + 1, taxable = t.taxable + EXCLUDED.taxable, cgst = t.cgst + EXCLUDED.cgst,
    sgst = t.sgst + EXCLUDED.sgst, igst = t.igst + EXCLUDED.igst, total = t.total + EXCLUDED.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_gst_month_totals" AFTER INSERT ON "invoices" FOR EACH ROW EXECUTE FUNCTION gst_month_totals_add();--> statement-breakpoint
-- The chart's monthly sums of the entries written so far (the app keeps them from now on).
INSERT INTO earnings_monthly (educator_id, month, earned, refunded, paid_out)
SELECT educator_id, to_char(at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'),
  coalesce(sum(educator_share) FILTER (WHERE kind IN ('sale', 'adjustment')), 0),
  coalesce(-sum(educator_share) FILTER (WHERE kind = 'refund'), 0),
  coalesce(-sum(educator_share) FILTER (WHERE kind IN ('payout', 'payoutReturn')), 0)
FROM ledger_entries GROUP BY 1, 2;
