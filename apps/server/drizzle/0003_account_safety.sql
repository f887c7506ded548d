ALTER TABLE "users" ADD COLUMN "nickname_skeleton" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_skeleton_key" ON "users" USING btree ("nickname_skeleton");--> statement-breakpoint
CREATE INDEX "email_codes_user_idx" ON "email_codes" USING btree ("user_id");