-- An order's totals, and what is paid, refunded or invoiced for it, in bigint paise: in int4
-- they overflowed above ₹2.147 crore, which a ₹2 crore number (the price limit) with 18% GST
-- passes (checkout then failed with a 500). One ALTER per table: one rewrite of each.
ALTER TABLE "orders"
  ALTER COLUMN "subtotal" SET DATA TYPE bigint,
  ALTER COLUMN "tds_deducted" SET DATA TYPE bigint,
  ALTER COLUMN "taxable" SET DATA TYPE bigint,
  ALTER COLUMN "cgst_amount" SET DATA TYPE bigint,
  ALTER COLUMN "sgst_amount" SET DATA TYPE bigint,
  ALTER COLUMN "igst_amount" SET DATA TYPE bigint,
  ALTER COLUMN "total_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "amount" SET DATA TYPE bigint;
