CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"author_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"document" jsonb NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_kind_check" CHECK ("posts"."kind" in ('post', 'question')),
	CONSTRAINT "posts_language_check" CHECK ("posts"."language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_key" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_language_idx" ON "posts" USING btree ("language","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","id" DESC NULLS LAST);