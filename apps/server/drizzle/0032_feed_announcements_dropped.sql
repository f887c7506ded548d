-- Written by hand (a custom migration, like 0009). Every statement runs on PGlite and PostgreSQL.
--
-- The feeds' sources are no longer kept in memory (decision 0069): nothing listens on
-- `attune_feed` any more, and no cache needs a member's group memberships announced (the post
-- cards follow their authors only). The announcements of migration 0025 go, so writing a post or
-- joining a group no longer sends a message nobody reads.
DROP TRIGGER IF EXISTS posts_notify_sources_insert ON posts;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_notify_moved ON posts;--> statement-breakpoint
DROP TRIGGER IF EXISTS posts_notify_sources_truncate ON posts;--> statement-breakpoint
DROP FUNCTION IF EXISTS posts_notify_sources();--> statement-breakpoint
DROP FUNCTION IF EXISTS posts_notify_moved();--> statement-breakpoint
DROP TRIGGER IF EXISTS group_members_notify_insert ON group_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS group_members_notify_update ON group_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS group_members_notify_delete ON group_members;--> statement-breakpoint
DROP TRIGGER IF EXISTS group_members_notify_truncate ON group_members;--> statement-breakpoint
DROP FUNCTION IF EXISTS group_members_notify_changed();
