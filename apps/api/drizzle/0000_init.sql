CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"otp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"email" text,
	"mobile" text,
	"code_hash" text NOT NULL,
	"payload" jsonb,
	"attempts_used" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact" text NOT NULL,
	"client_ip" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text,
	"account_type" text NOT NULL,
	"company_name" text,
	"gstin_no" text,
	"get_whatsapp_update" boolean DEFAULT false NOT NULL,
	"accept_terms_and_conditions" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"base_price" integer NOT NULL,
	"final_price" integer NOT NULL,
	"category" text NOT NULL,
	"digit_sum" smallint NOT NULL,
	"mid" smallint NOT NULL,
	"total" smallint NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"reserved_until" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "numbers_number_unique" UNIQUE("number"),
	CONSTRAINT "numbers_number_check" CHECK ("numbers"."number" ~ '^[6-9][0-9]{9}$'),
	CONSTRAINT "numbers_price_check" CHECK ("numbers"."final_price" >= 0 and "numbers"."base_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"price_at_add" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tds_basis_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"number" text NOT NULL,
	"category" text NOT NULL,
	"base_price" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "order_items_order_id_number_id_pk" PRIMARY KEY("order_id","number_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"subtotal" integer NOT NULL,
	"tds_basis_points" integer NOT NULL,
	"tds_deducted" integer NOT NULL,
	"taxable" integer NOT NULL,
	"tax_basis_points" integer NOT NULL,
	"cgst_amount" integer NOT NULL,
	"sgst_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"billing" jsonb NOT NULL,
	"attribution" jsonb,
	"cart_key" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"payment_provider" text NOT NULL,
	"provider_order_id" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"needs_refund" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"page_path" text,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_outbox_to_idx" ON "dev_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_email_idx" ON "otp_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_mobile_idx" ON "otp_requests" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_contact_idx" ON "otp_sends" USING btree ("contact","sent_at");--> statement-breakpoint
CREATE INDEX "otp_sends_ip_idx" ON "otp_sends" USING btree ("client_ip","sent_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "numbers_number_trgm_idx" ON "numbers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "numbers_number_prefix_idx" ON "numbers" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "numbers_number_suffix_idx" ON "numbers" USING btree (reverse("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "numbers_digit_places_idx" ON "numbers" USING gin ((array[substr("number", 1, 1)::int + 0, substr("number", 2, 1)::int + 10, substr("number", 3, 1)::int + 20, substr("number", 4, 1)::int + 30, substr("number", 5, 1)::int + 40, substr("number", 6, 1)::int + 50, substr("number", 7, 1)::int + 60, substr("number", 8, 1)::int + 70, substr("number", 9, 1)::int + 80, substr("number", 10, 1)::int + 90, substr("number", 1, 2)::int + 100, substr("number", 2, 2)::int + 200, substr("number", 3, 2)::int + 300, substr("number", 4, 2)::int + 400, substr("number", 5, 2)::int + 500, substr("number", 6, 2)::int + 600, substr("number", 7, 2)::int + 700, substr("number", 8, 2)::int + 800, substr("number", 9, 2)::int + 900]));--> statement-breakpoint
CREATE INDEX "numbers_category_price_idx" ON "numbers" USING btree ("category","final_price","id");--> statement-breakpoint
CREATE INDEX "numbers_category_created_idx" ON "numbers" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "numbers_price_idx" ON "numbers" USING btree ("final_price","id");--> statement-breakpoint
CREATE INDEX "numbers_created_idx" ON "numbers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "numbers_status_idx" ON "numbers" USING btree ("status","reserved_until");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_number_key" ON "cart_items" USING btree ("cart_id","number_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_order_key" ON "orders" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status","created_at");