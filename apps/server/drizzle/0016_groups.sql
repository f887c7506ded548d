-- Groups (step 7, decision 0042): groups, who belongs to them or asked to, and the group a post
-- is written in. A group's number of active members is kept on its row by a trigger (as
-- users.friend_count, decision 0030), so lists never count members and a deleted account leaves
-- its groups' counts too.
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id"),
	CONSTRAINT "group_members_status_check" CHECK ("group_members"."status" in ('active', 'pending')),
	CONSTRAINT "group_members_role_check" CHECK ("group_members"."role" in ('admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"cover_image_url" text,
	"creator_id" integer,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_status_check" CHECK ("groups"."status" in ('public', 'private', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","status","group_id");--> statement-breakpoint
CREATE INDEX "group_members_group_status_idx" ON "group_members" USING btree ("group_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_slug_key" ON "groups" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "groups_name_idx" ON "groups" USING btree (lower("name"),"id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_group_idx" ON "posts" USING btree ("group_id","id" DESC NULLS LAST) WHERE "posts"."group_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_members_count_active() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE groups SET member_count = member_count - 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    UPDATE groups SET member_count = member_count + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER group_members_count_active
  AFTER INSERT OR DELETE OR UPDATE OF status, group_id ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_members_count_active();