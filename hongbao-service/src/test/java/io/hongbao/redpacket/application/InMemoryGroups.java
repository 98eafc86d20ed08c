package io.hongbao.redpacket.application;

import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

final class InMemoryGroups implements Groups {

    private final Map<GroupId, Group> groups = new HashMap<>();

    @Override
    public void add(Group group) {
        groups.put(group.id(), group);
    }

    @Override
    public Optional<Group> find(GroupId id) {
        return Optional.ofNullable(groups.get(id));
    }
}
