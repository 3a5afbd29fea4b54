CREATE INDEX "numbers_digit_sum_idx" ON "numbers" USING btree ("digit_sum");--> statement-breakpoint
ALTER TABLE "numbers" ADD CONSTRAINT "numbers_offer_check" CHECK ("numbers"."final_price" <= "numbers"."base_price");--> statement-breakpoint
ALTER TABLE "numbers" ADD CONSTRAINT "numbers_status_check" CHECK ("numbers"."status" in ('available', 'reserved', 'sold', 'hidden'));