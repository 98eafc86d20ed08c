-- The web app's lists (api.md change 14): a user's groups, a group's packets, the wheels, each newest first.
-- Without these, each is a full scan of its table (group_members is keyed by group first, red_packets and
-- lottery_wheels have no index on the group or the creation time).
CREATE INDEX group_members_by_user ON group_members (user_id, group_id);
CREATE INDEX red_packets_by_group ON red_packets (group_id, created_at);
CREATE INDEX lottery_wheels_by_age ON lottery_wheels (created_at);
