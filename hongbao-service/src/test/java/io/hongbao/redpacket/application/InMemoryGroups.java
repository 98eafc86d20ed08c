package io.hongbao.redpacket.application;

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

final class InMemoryGroups implements Groups {

    /** In the order they were added, oldest first. */
    private final Map<GroupId, Group> groups = new LinkedHashMap<>();

    @Override
    public void add(Group group) {
        groups.put(group.id(), group);
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
}
