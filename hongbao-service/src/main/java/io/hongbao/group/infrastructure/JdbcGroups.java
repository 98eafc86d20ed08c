package io.hongbao.group.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.collections.Chunks;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@link Groups} in MariaDB/MySQL: a row per group and a row per membership. */
public final class JdbcGroups implements Groups {

    private static final int ROWS_PER_INSERT = 500;

    private final JdbcClient jdbc;
    private final Clock clock;

    public JdbcGroups(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Override
    public void add(Group group) {
        jdbc.sql("INSERT INTO chat_groups (id, name, creator_id, created_at) VALUES (?, ?, ?, ?)")
                .params(group.id().value(), group.name(), group.creator().value(), toSql(clock.instant()))
                .update();
        List<UserId> members = group.members();
        for (List<UserId> chunk : Chunks.of(members, ROWS_PER_INSERT)) {
            List<Object> params = new ArrayList<>();
            for (UserId member : chunk) {
                params.add(group.id().value());
                params.add(member.value());
            }
            jdbc.sql("INSERT INTO group_members (group_id, user_id) VALUES "
                            + String.join(", ", Collections.nCopies(chunk.size(), "(?, ?)")))
                    .params(params)
                    .update();
        }
    }

    @Override
    public Optional<Group> find(GroupId id) {
        Optional<Header> header = jdbc.sql("SELECT name, creator_id FROM chat_groups WHERE id = ?")
                .param(id.value())
                .query((rs, row) -> new Header(rs.getString("name"), rs.getLong("creator_id")))
                .optional();
        return header.map(h -> new Group(id, h.name(), UserId.of(h.creatorId()), members(id)));
    }

    @Override
    public List<Group> ofMember(UserId member, int limit) {
        List<Row> rows = jdbc.sql("SELECT g.id, g.name, g.creator_id FROM group_members m"
                        + " JOIN chat_groups g ON g.id = m.group_id"
                        + " WHERE m.user_id = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?")
                .params(member.value(), limit)
                .query((rs, row) -> new Row(rs.getString("id"), rs.getString("name"), rs.getLong("creator_id")))
                .list();
        if (rows.isEmpty()) {
            return List.of();
        }
        // Every listed group's members in one statement, not one per group.
        Map<String, List<UserId>> members = new HashMap<>();
        jdbc.sql("SELECT group_id, user_id FROM group_members WHERE group_id IN ("
                        + String.join(", ", Collections.nCopies(rows.size(), "?")) + ") ORDER BY group_id, user_id")
                .params(rows.stream().map(Row::id).toList())
                .query(rs -> {
                    members.computeIfAbsent(rs.getString("group_id"), id -> new ArrayList<>())
                            .add(UserId.of(rs.getLong("user_id")));
                });
        return rows.stream()
                .map(r -> new Group(new GroupId(r.id()), r.name(), UserId.of(r.creatorId()), members.get(r.id())))
                .toList();
    }

    private record Row(String id, String name, long creatorId) {}

    private List<UserId> members(GroupId id) {
        return jdbc.sql("SELECT user_id FROM group_members WHERE group_id = ? ORDER BY user_id")
                .param(id.value())
                .query((rs, row) -> UserId.of(rs.getLong("user_id")))
                .list();
    }

    private record Header(String name, long creatorId) {}
}
