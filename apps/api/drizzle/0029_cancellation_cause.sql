-- Why a cancellation closed its order, recorded as it is written (decision 0071) instead of read
-- back from the note's words.
ALTER TABLE "order_events" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_cause_check" CHECK ("order_events"."cause" in ('lapsed', 'replaced', 'cart', 'staff', 'payment'));--> statement-breakpoint
-- The cancellations recorded before the column, told by the notes the store wrote for them; a
-- note that tells nothing leaves it null, read as a lapsed hold as the note was before.
UPDATE "order_events" SET "cause" = CASE
    WHEN "note" = 'Payment not received before the hold expired' THEN 'lapsed'
    WHEN "note" LIKE 'Replaced by a new checkout%' THEN 'replaced'
    WHEN "note" = 'Cancelled before payment: the numbers were removed from the cart' THEN 'cart'
    WHEN "note" LIKE 'Payment %' AND "note" LIKE '%A full refund is due.%' THEN 'payment'
    WHEN "staff_user_id" IS NOT NULL AND COALESCE("note", '') NOT LIKE 'A further payment %' THEN 'staff'
  END
WHERE "status" = 'cancelled';
