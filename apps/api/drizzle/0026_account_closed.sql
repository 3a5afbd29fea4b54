-- A closed account (decision 0055): its personal data erased and its contacts freed, the row
-- kept because the orders of its tax invoices still name it.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
