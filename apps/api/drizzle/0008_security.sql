ALTER TABLE "otp_requests" ADD COLUMN "email_code_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "orders_client_ip_idx" ON "orders" USING btree ("client_ip","hold_expires_at");