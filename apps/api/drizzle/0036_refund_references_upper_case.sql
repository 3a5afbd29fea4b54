-- A refund's reference is kept as normalizeUtr gives it (decision 0092): upper case, no spaces.
-- References kept before it keep the case they were typed in; carried over here, so that an
-- agent repeating such a refund is told it was done already.
UPDATE "refunds" SET "manual_reference" = upper("manual_reference")
WHERE "manual_reference" <> upper("manual_reference");
