-- Every category a number fits (issue 18, decision 0013): category listings filter on
-- `categories`, through one partial index per category and order (its members by price, by
-- date); the primary `category` stays for display and loses its sort indexes. The rules are
-- TypeScript (packages/domain), so the rows stored before this column get theirs when the store
-- starts (catalog.classifyUnclassified, in batches); `numbers_unclassified_idx` finds them.
DROP INDEX "numbers_category_price_idx";--> statement-breakpoint
DROP INDEX "numbers_category_created_idx";--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "numbers_in_without_248_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{without-248-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_without_248_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{without-248-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_mirror_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{mirror-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_mirror_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{mirror-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_semi_mirror_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{semi-mirror-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_semi_mirror_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{semi-mirror-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_two_digit_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{two-digit-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_two_digit_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{two-digit-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_three_digit_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{three-digit-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_three_digit_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{three-digit-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_counting_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{counting-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_counting_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{counting-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_786_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{786-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_786_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{786-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_108_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{108-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_108_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{108-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_doubling_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{doubling-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_doubling_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{doubling-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ab_ab_xy_xy_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{ab-ab-xy-xy-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ab_ab_xy_xy_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{ab-ab-xy-xy-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ab_ab_ab_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{ab-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ab_ab_ab_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{ab-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_start_ab_ab_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{start-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_start_ab_ab_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{start-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_middle_ab_ab_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{middle-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_middle_ab_ab_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{middle-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ending_ab_ab_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{ending-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_ending_ab_ab_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{ending-ab-ab-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_abc_abc_abc_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{abc-abc-abc-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_abc_abc_abc_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{abc-abc-abc-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_abc_abc_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{abc-abc-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_abc_abc_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{abc-abc-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_aaa_bbb_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{aaa-bbb-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_aaa_bbb_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{aaa-bbb-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_triple_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{triple}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_triple_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{triple}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_tetra_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{tetra}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_tetra_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{tetra}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_penta_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{penta}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_penta_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{penta}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_hexa_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{hexa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_hexa_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{hexa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_septa_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{septa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_septa_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{septa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_octa_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{octa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_octa_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{octa}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_unique_numbers_price_idx" ON "numbers" USING btree ("final_price","id") WHERE "numbers"."categories" @> '{unique-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_in_unique_numbers_created_idx" ON "numbers" USING btree ("created_at","id") WHERE "numbers"."categories" @> '{unique-numbers}'::text[];--> statement-breakpoint
CREATE INDEX "numbers_unclassified_idx" ON "numbers" USING btree ("id") WHERE "numbers"."categories" = '{}'::text[];