-- The order a buyer's later checkout placed in an open order's stead (decision 0075): the new
-- order's e-mail and page name the orders it replaced, read through this link.
ALTER TABLE "orders" ADD COLUMN "replaced_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replaced_by_orders_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_replaced_by_idx" ON "orders" USING btree ("replaced_by") WHERE "orders"."replaced_by" is not null;