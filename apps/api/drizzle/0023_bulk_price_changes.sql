-- A bulk price change applied with an Idempotency-Key (decision 0042): a retry of the same apply
-- after a lost answer gets this result instead of repricing the numbers a second time.
CREATE TABLE "bulk_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"changed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_price_changes" ADD CONSTRAINT "bulk_price_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_price_changes_idempotency_key" ON "bulk_price_changes" USING btree ("actor_id","idempotency_key");