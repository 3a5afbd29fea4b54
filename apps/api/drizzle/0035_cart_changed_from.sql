ALTER TABLE "cart_items" ADD COLUMN "changed_from" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_changed_from_check" CHECK ("cart_items"."changed_from" >= 0);