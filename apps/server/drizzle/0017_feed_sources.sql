-- The feed from its sources (decision 0043). Staff's posts are announcements in every member's
-- feed; which posts are is kept on the post when it is written, so the feed reads the newest
-- announcements from a small partial index instead of testing each post's author against the
-- staff set (decision 0041). Posts from before are marked by their author's roles now; the array
-- literal is the one posts/repository.ts writes (users_staff_idx, migration 0015).
-- The lists' indexes are rebuilt as `id DESC` (NULLS FIRST), the order `order by id desc` asks
-- for: in the NULLS LAST order they had, PostgreSQL read every matching row and sorted them. The
-- feed's sources also hold, after the order, what the feed tests of each post, so it reads them
-- index-only.
DROP INDEX "posts_language_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "posts_group_idx";--> statement-breakpoint
DROP INDEX "saved_posts_user_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "announcement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "posts" SET "announcement" = true WHERE "author_id" IN (
  SELECT "id" FROM "users" WHERE "roles" && '{medel_user,area_manager,super_admin}'::text[]
);--> statement-breakpoint
CREATE INDEX "posts_announcement_idx" ON "posts" USING btree ("id" DESC NULLS FIRST,"author_id","hidden_at","group_id") WHERE "posts"."announcement";--> statement-breakpoint
CREATE INDEX "posts_language_idx" ON "posts" USING btree ("language","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","id" DESC NULLS FIRST,"hidden_at","group_id");--> statement-breakpoint
CREATE INDEX "posts_group_idx" ON "posts" USING btree ("group_id","id" DESC NULLS FIRST,"author_id","hidden_at","kind") WHERE "posts"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "saved_posts_user_idx" ON "saved_posts" USING btree ("user_id","id" DESC NULLS FIRST);