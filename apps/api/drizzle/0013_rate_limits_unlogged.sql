-- Request counters of the rate limits: one write per request, worth nothing after a crash (the
-- windows start again). Unlogged, they cost no WAL and no flush to disk at every request.
ALTER TABLE "rate_limits" SET UNLOGGED;
