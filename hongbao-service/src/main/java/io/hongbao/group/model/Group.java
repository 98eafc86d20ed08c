package io.hongbao.group.model;

import io.hongbao.account.model.UserId;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A named set of users. Immutable once created: a group packet copies the member list into Redis when published and
 * relies on it never changing.
 */
public record Group(GroupId id, String name, UserId creator, List<UserId> members) {

    public static final int MAX_NAME_LENGTH = 64;

    public Group {
        if (name == null || name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("a group name is 1.." + MAX_NAME_LENGTH + " characters");
        }
        if (!members.contains(creator)) {
            throw new IllegalArgumentException("the creator is always a member");
        }
        members = List.copyOf(members);
    }

    /** A new group of the creator and the given users, each once, in ascending id order. */
    public static Group create(GroupId id, String name, UserId creator, List<UserId> others) {
        Set<UserId> unique = new TreeSet<>((a, b) -> Long.compare(a.value(), b.value()));
        unique.add(creator);
        unique.addAll(others);
        return new Group(id, name, creator, List.copyOf(unique));
    }

    public boolean hasMember(UserId user) {
        return members.contains(user);
    }
}
