-- The UTR / bank reference of a refund staff paid back by hand (decision 0054), given with the
-- refund or added once later. Numbered 0025, not 0024: another change in flight takes 0024.
ALTER TABLE "refunds" ADD COLUMN "manual_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_manual_reference_check" CHECK ("refunds"."manual_reference" is null or ("refunds"."method" = 'manual' and "refunds"."manual_reference" ~ '^[A-Za-z0-9]{6,30}$'));
