-- A client's Idempotency-Key kept with what its request made (an enquiry, a console reply, an
-- import) and the request's fingerprint: a retry after a lost answer gets the first result.
ALTER TABLE "enquiries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_idempotency_key" ON "enquiries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_replies_idempotency_key" ON "enquiry_replies" USING btree ("enquiry_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_idempotency_key" ON "imports" USING btree ("actor_id","idempotency_key");