-- A refused row keeps its status column as written, so that its errors.csv can be fixed and
-- uploaded again without numbers meant to stay hidden or coming soon going on sale (decision
-- 0033). Rows refused before have none: they come back with the column empty.
ALTER TABLE "import_errors" ADD COLUMN "status_text" text DEFAULT '' NOT NULL;
