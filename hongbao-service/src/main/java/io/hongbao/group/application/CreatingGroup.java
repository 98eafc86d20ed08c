package io.hongbao.group.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupIds;
import io.hongbao.group.model.Groups;
import java.util.List;

/** A user starts a group of people they can send packets to; they are always in it themselves. */
public final class CreatingGroup {

    private final Groups groups;
    private final GroupIds ids;
    private final int maxMembers;

    public CreatingGroup(Groups groups, GroupIds ids, int maxMembers) {
        this.groups = groups;
        this.ids = ids;
        this.maxMembers = maxMembers;
    }

    /** Runs inside the caller's transaction (the idempotent request's). */
    public Group create(UserId creator, String name, List<UserId> members) {
        Group group = Group.create(ids.next(creator), name, creator, members);
        if (group.members().size() > maxMembers) {
            throw new IllegalArgumentException("a group has at most " + maxMembers + " members");
        }
        groups.add(group);
        return group;
    }

    public int maxMembers() {
        return maxMembers;
    }
}
