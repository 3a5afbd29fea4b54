-- A billing correction (decision 0070): an invoice replaced (replaced_at, with what it printed in
-- as_issued) is cancelled by a credit note against it (invoice_id), and the order gets a new one;
-- one current invoice per order.
DROP INDEX "tax_documents_invoice_key";--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "as_issued" jsonb;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every credit note so far is against its order's one invoice.
UPDATE "tax_documents" AS "cn" SET "invoice_id" = "inv"."id" FROM "tax_documents" AS "inv" WHERE "cn"."kind" = 'CN' AND "inv"."kind" = 'INV' AND "inv"."order_id" = "cn"."order_id";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'INV' and "tax_documents"."replaced_at" is null;
