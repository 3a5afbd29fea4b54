CREATE TABLE "porting_alerts" (
	"order_id" uuid NOT NULL,
	"number_id" integer NOT NULL,
	"reason" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "porting_alerts_order_id_number_id_reason_due_at_pk" PRIMARY KEY("order_id","number_id","reason","due_at")
);
--> statement-breakpoint
ALTER TABLE "porting_alerts" ADD CONSTRAINT "porting_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;