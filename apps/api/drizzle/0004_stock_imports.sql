CREATE TABLE "import_errors" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"number" text NOT NULL,
	"price_text" text NOT NULL,
	"offer_price_text" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_errors_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"number" text NOT NULL,
	"base_price" integer NOT NULL,
	"final_price" integer NOT NULL,
	"category" text NOT NULL,
	"digit_sum" smallint NOT NULL,
	"mid" smallint NOT NULL,
	"total" smallint NOT NULL,
	CONSTRAINT "import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_started_idx" ON "imports" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "imports_running_idx" ON "imports" USING btree ("status") WHERE "imports"."status" = 'running';--> statement-breakpoint
-- Staged rows need no write-ahead log: a running import is failed after a crash anyway.
ALTER TABLE "import_rows" SET UNLOGGED;
