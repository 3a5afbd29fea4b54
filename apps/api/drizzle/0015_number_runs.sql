CREATE TABLE "number_runs" (
	"run" smallint NOT NULL,
	"number_id" integer NOT NULL,
	"final_price" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "number_runs_number_id_run_pk" PRIMARY KEY("number_id","run")
);
--> statement-breakpoint
-- number_runs is derived from the numbers on sale or held (status available or reserved:
-- listableSql), schema/catalog.ts and decision 0025: these triggers keep it, whatever writes
-- numbers (the app, COPY from a restore, psql). New numbers in one set-based insert per
-- statement; a changed number or sort key, or a number going off sale or back on, row by row
-- (a hold, its release and its lapse keep the number on sale or held: they do not fire it);
-- removed numbers per statement.
-- A number's codes, each once: its runs of three and four digits anywhere, and its endings of
-- two, three and four digits (runCode in schema/catalog.ts).
CREATE FUNCTION number_run_codes(number text) RETURNS SETOF smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT code::smallint FROM (
    SELECT substr(number, place, 3)::int AS code FROM generate_series(1, 8) AS place
    UNION ALL SELECT 1000 + substr(number, place, 4)::int FROM generate_series(1, 7) AS place
    UNION ALL SELECT 11000 + right(number, 2)::int
    UNION ALL SELECT 11100 + right(number, 3)::int
    UNION ALL SELECT 12100 + right(number, 4)::int
  ) AS codes
$$;
--> statement-breakpoint
CREATE FUNCTION number_runs_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO number_runs (run, number_id, final_price, created_at)
  SELECT code, n.id, n.final_price, n.created_at
  FROM added n CROSS JOIN number_run_codes(n.number) AS code
  WHERE n.status IN ('available', 'reserved');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION number_runs_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM number_runs WHERE number_id = OLD.id;
  IF NEW.status IN ('available', 'reserved') THEN
    INSERT INTO number_runs (run, number_id, final_price, created_at)
    SELECT code, NEW.id, NEW.final_price, NEW.created_at FROM number_run_codes(NEW.number) AS code;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION number_runs_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM number_runs r USING removed o WHERE r.number_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION number_runs_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE number_runs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER numbers_runs_add AFTER INSERT ON numbers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION number_runs_add();
--> statement-breakpoint
CREATE TRIGGER numbers_runs_change
  AFTER UPDATE OF number, final_price, created_at, status ON numbers
  FOR EACH ROW
  WHEN (OLD.number IS DISTINCT FROM NEW.number OR OLD.final_price IS DISTINCT FROM NEW.final_price
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR (OLD.status IN ('available', 'reserved')) <> (NEW.status IN ('available', 'reserved')))
  EXECUTE FUNCTION number_runs_change();
--> statement-breakpoint
CREATE TRIGGER numbers_runs_remove AFTER DELETE ON numbers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION number_runs_remove();
--> statement-breakpoint
CREATE TRIGGER numbers_runs_empty AFTER TRUNCATE ON numbers
  FOR EACH STATEMENT EXECUTE FUNCTION number_runs_empty();
--> statement-breakpoint
-- The numbers already stored (about two minutes at 1,000,000); the indexes are built after.
INSERT INTO number_runs (run, number_id, final_price, created_at)
SELECT code, n.id, n.final_price, n.created_at
FROM numbers n CROSS JOIN number_run_codes(n.number) AS code
WHERE n.status IN ('available', 'reserved');
--> statement-breakpoint
CREATE INDEX "number_runs_price_idx" ON "number_runs" USING btree ("run","final_price","number_id");--> statement-breakpoint
CREATE INDEX "number_runs_created_idx" ON "number_runs" USING btree ("run","created_at","number_id");
