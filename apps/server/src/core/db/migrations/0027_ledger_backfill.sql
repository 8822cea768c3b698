CREATE TABLE "ledger_backfill" (
	"order_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_backfill" ADD CONSTRAINT "ledger_backfill_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The invoiced sales (issue #28) the ledger has no entry for yet, or whose credit note has no
-- reversal: the app writes them at its next start. Sales from now on are written as they are paid.
INSERT INTO ledger_backfill (order_id)
SELECT o.id FROM payment_orders o
JOIN invoices i ON i.order_id = o.id AND i.kind = 'invoice'
WHERE o.status = 'paid'
  AND (NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'sale')
    OR (EXISTS (SELECT 1 FROM invoices c WHERE c.order_id = o.id AND c.kind = 'creditNote')
      AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id AND e.kind = 'refund')));
