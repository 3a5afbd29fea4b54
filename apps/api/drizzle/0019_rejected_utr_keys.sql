-- The UTRs staff sent back for an order: submitting one of them again is refused, so a rejected
-- reference cannot win the submitted payment's long hold back (decision 0033).
ALTER TABLE "orders" ADD COLUMN "rejected_utr_keys" text[] DEFAULT '{}'::text[] NOT NULL;
