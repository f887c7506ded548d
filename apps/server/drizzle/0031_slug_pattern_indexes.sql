-- Written by hand (a custom migration, like 0009): the schema files declare no operator classes.
-- Every statement runs on PGlite and PostgreSQL alike.
--
-- A new post or group takes the first free slug among its title's base and the base's numbered
-- variants (`slug = base or slug like 'base-%'`). The unique index cannot answer a LIKE under a
-- collation other than C, so every post written read the whole table (about 240 ms at a million
-- posts); the pattern index answers the prefix by itself, whatever the database's collation.
CREATE INDEX IF NOT EXISTS "posts_slug_pattern_idx" ON "posts" USING btree ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "groups_slug_pattern_idx" ON "groups" USING btree ("slug" text_pattern_ops);
