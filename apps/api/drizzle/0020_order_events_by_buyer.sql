-- Whose step each timeline entry was: the buyer's own (placed the order, sent a payment
-- reference, changed the cart) or, with no staff member either, the store's (decision 0035).
ALTER TABLE "order_events" ADD COLUMN "by_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The buyer's steps recorded before the column, told by the notes the store wrote for them.
UPDATE "order_events" SET "by_buyer" = true
WHERE "staff_user_id" IS NULL
  AND ("note" LIKE 'Order placed; %'
    OR "note" LIKE 'Payment submitted with UTR %'
    OR "note" LIKE 'Replaced by a new checkout: %'
    OR "note" = 'Cancelled before payment: the numbers were removed from the cart');
