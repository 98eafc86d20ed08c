package io.hongbao.group.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import java.util.List;

/** A member looks at a group; others may not (the member list is not theirs to see). */
public final class ReadingGroup {

    /** What a reader gets. */
    public sealed interface Reading permits Found, Unknown, NotVisible {}

    public record Found(Group group) implements Reading {}

    public record Unknown() implements Reading {}

    public record NotVisible() implements Reading {}

    private final Groups groups;

    public ReadingGroup(Groups groups) {
        this.groups = groups;
    }

    public Reading read(GroupId id, UserId reader) {
        return groups.find(id)
                .<Reading>map(group -> group.hasMember(reader) ? new Found(group) : new NotVisible())
                .orElseGet(Unknown::new);
    }

    /** The reader's own groups, newest first. */
    public List<Group> mine(UserId reader, int limit) {
        return groups.ofMember(reader, limit);
    }
}
