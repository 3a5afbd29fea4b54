-- One number of a paid order refunded alone (decision 0039): the refund names the number, the
-- order's item names its refund once done, and a payment may have one live refund as a whole
-- and one live refund per number (it had one live refund).
DROP INDEX "refunds_payment_key";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "number_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_number_key" ON "refunds" USING btree ("payment_id","number_id") WHERE "refunds"."status" <> 'failed' and "refunds"."number_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" <> 'failed' and "refunds"."number_id" is null;