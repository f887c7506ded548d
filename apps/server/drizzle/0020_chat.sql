-- Chat (step 8, decision 0045): threads, their participants with what the inbox needs (newest
-- message, read marker, unread count, "deleted for me"), messages with a per-sender retry key, and
-- who may start a conversation with a member.
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"sender_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"automatic" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_participants" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"cleared_through_id" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"has_written" boolean DEFAULT false NOT NULL,
	"auto_replied_on" date,
	CONSTRAINT "chat_participants_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"pair_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_pair_key_unique" UNIQUE("pair_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messages_from" text DEFAULT 'connections' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD CONSTRAINT "chat_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_participants_inbox_idx" ON "chat_participants" USING btree ("user_id","last_message_id" DESC NULLS LAST) WHERE not "chat_participants"."hidden";--> statement-breakpoint
CREATE INDEX "chat_participants_unread_idx" ON "chat_participants" USING btree ("user_id") WHERE "chat_participants"."unread_count" > 0;