-- The weekly digest (decision 0046): when a member's digest was last queued, so a retried job skips them.
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;