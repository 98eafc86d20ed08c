package io.hongbao.group.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Groups} in memory, for the group use cases and for the red-packet ones (group packets): newest means added
 * last. Like the table's primary key, it refuses a second group with an id already taken.
 */
public final class InMemoryGroups implements Groups {

    /** In the order they were added, oldest first. */
    private final Map<GroupId, Group> groups = new LinkedHashMap<>();

    @Override
    public void add(Group group) {
        if (groups.putIfAbsent(group.id(), group) != null) {
            throw new IllegalStateException("a group with id " + group.id().value() + " exists already");
        }
    }

    @Override
    public Optional<Group> find(GroupId id) {
        return Optional.ofNullable(groups.get(id));
    }

    @Override
    public List<Group> ofMember(UserId member, int limit) {
        List<Group> newestFirst = new ArrayList<>(groups.values());
        Collections.reverse(newestFirst);
        return newestFirst.stream()
                .filter(g -> g.hasMember(member))
                .limit(limit)
                .toList();
    }

    /** How many groups were stored. */
    public int count() {
        return groups.size();
    }
}
