CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"applied" boolean NOT NULL,
	"submitted_by" uuid,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "porting_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"status" text NOT NULL,
	"upc_code" text,
	"upc_expires_on" date,
	"note" text,
	"staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "porting_status" text DEFAULT 'awaiting_upc' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "upc_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "upc_expires_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "porting_steps" ADD CONSTRAINT "porting_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "porting_steps" ADD CONSTRAINT "porting_steps_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("provider","reference_key") WHERE "payments"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "porting_steps_order_idx" ON "porting_steps" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "order_items_number_idx" ON "order_items" USING btree ("number");--> statement-breakpoint
-- Numbers of orders placed before porting went per number take the step their order reached.
UPDATE "order_items" AS "item" SET "porting_status" = "reached"."step"
FROM (
  SELECT "order_id",
    (ARRAY['upc_sent', 'porting_in_progress', 'ported'])[max(CASE "status"
      WHEN 'upc_sent' THEN 1 WHEN 'porting_in_progress' THEN 2
      WHEN 'ported' THEN 3 WHEN 'completed' THEN 3 END)] AS "step"
  FROM "order_events" GROUP BY "order_id"
) AS "reached"
WHERE "reached"."order_id" = "item"."order_id" AND "reached"."step" IS NOT NULL;--> statement-breakpoint
-- The payment each order received before payments were recorded one by one (its reference
-- compared as the store compares it; a reference two orders share stays with the first).
INSERT INTO "payments" ("order_id", "provider", "reference", "reference_key", "amount", "status",
  "applied", "confirmed_at", "created_at")
SELECT "id", "payment_provider", "payment_reference",
  CASE WHEN "payment_provider" = 'manual'
    THEN upper(regexp_replace("payment_reference", '\s+', '', 'g'))
    ELSE "payment_reference" END,
  "total_amount", 'confirmed', "status" NOT IN ('cancelled', 'refunded'), "paid_at", "paid_at"
FROM "orders"
WHERE "paid_at" IS NOT NULL AND "payment_reference" IS NOT NULL
ORDER BY "paid_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Refunds staff recorded as a timeline step before refunds were recorded one by one.
INSERT INTO "refunds" ("order_id", "payment_id", "method", "amount", "reason", "status",
  "staff_user_id", "created_at", "completed_at")
SELECT "payment"."order_id", "payment"."id", 'manual', "payment"."amount",
  coalesce("step"."note", 'Refunded'), 'done', "step"."staff_user_id", "step"."created_at",
  "step"."created_at"
FROM "payments" AS "payment"
JOIN "orders" AS "order" ON "order"."id" = "payment"."order_id" AND "order"."status" = 'refunded'
JOIN LATERAL (
  SELECT "note", "staff_user_id", "created_at" FROM "order_events"
  WHERE "order_id" = "order"."id" AND "status" = 'refunded' AND "staff_user_id" IS NOT NULL
  ORDER BY "created_at" DESC LIMIT 1
) AS "step" ON true;
