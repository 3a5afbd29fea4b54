-- A guest's Notify me is told only once its e-mail is confirmed from a link (decision 0053).
ALTER TABLE "coming_soon_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coming_soon_requests" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "coming_soon_requests" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "coming_soon_requests_token_hash" ON "coming_soon_requests" USING btree ("token_hash");--> statement-breakpoint
-- Requests kept before confirming were promised an e-mail: they are kept as confirmed.
UPDATE "coming_soon_requests" SET "confirmed_at" = "created_at";