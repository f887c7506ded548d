-- Written by hand (a custom migration, like 0009). Every statement runs on PGlite and PostgreSQL.
--
-- A refresh token presented again within the retry minute answers the same successor it was
-- exchanged for, never a third token (issue 41): the successor is kept, sealed with the server's
-- secret (AES-256-GCM, lib/crypto.ts), on the used token's row.
ALTER TABLE "refresh_tokens" ADD COLUMN IF NOT EXISTS "successor_sealed" text;
