-- A member's unread notifications are counted on every page (the header's badge, decision 0044):
-- from a partial index of the unread ones only, not from all they ever had.
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;