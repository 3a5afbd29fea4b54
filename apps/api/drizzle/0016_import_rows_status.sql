-- A staged row keeps the status its file gave (null when left empty), not only coming_soon:
-- the apply gives it to the number (decision 0010). Rows staged by an import running across
-- the upgrade are not carried over: such an import fails and is uploaded again.
ALTER TABLE "import_rows" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "import_rows" DROP COLUMN "coming_soon";
