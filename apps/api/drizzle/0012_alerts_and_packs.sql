CREATE TABLE "alert_recipients" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_digest_at" timestamp with time zone,
	"last_digest_numbers" text[],
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coming_soon_requests" (
	"number_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coming_soon_requests_number_id_email_pk" PRIMARY KEY("number_id","email")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"told_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_number_id_pk" PRIMARY KEY("user_id","number_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"search_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"told_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_hits_search_id_number_id_pk" PRIMARY KEY("search_id","number_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "numbers" DROP CONSTRAINT "numbers_status_check";--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "coming_soon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coming_soon_requests" ADD CONSTRAINT "coming_soon_requests_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coming_soon_requests" ADD CONSTRAINT "coming_soon_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "numbers_listed_idx" ON "numbers" USING btree ("listed_at");--> statement-breakpoint
CREATE INDEX "numbers_pack_ending_idx" ON "numbers" USING btree (right("number", 6),"number","id","status","reserved_until") WHERE "numbers"."status" in ('available', 'reserved');--> statement-breakpoint
CREATE INDEX "numbers_pack_run_idx" ON "numbers" USING btree ("number","id","status","reserved_until") WHERE "numbers"."status" in ('available', 'reserved');--> statement-breakpoint
ALTER TABLE "numbers" ADD CONSTRAINT "numbers_status_check" CHECK ("numbers"."status" in ('available', 'reserved', 'sold', 'hidden', 'coming_soon'));