-- Staff members (roles that grant view_medel_area: medel_user, area_manager, super_admin), whose
-- posts are announcements in every member's feed (decision 0039). The feed finds them once per
-- page from this small index alone (index-only), instead of visiting each staff row through
-- users_roles_idx. The array literal is the one posts/repository.ts writes; a change to the staff
-- roles changes both.
CREATE INDEX IF NOT EXISTS "users_staff_idx" ON "users" USING btree ("id")
  WHERE "roles" && '{medel_user,area_manager,super_admin}'::text[];
