CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"serial" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"amount" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD COLUMN "attachments" text[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "igst_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_utr" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "submitted_utr_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'INV';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_key" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_submitted_utr_key" ON "orders" USING btree ("submitted_utr_key");