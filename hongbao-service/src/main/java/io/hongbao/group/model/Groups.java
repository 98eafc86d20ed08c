package io.hongbao.group.model;

import io.hongbao.account.model.UserId;
import java.util.List;
import java.util.Optional;

/** The groups, as stored in the system of record. */
public interface Groups {

    void add(Group group);

    Optional<Group> find(GroupId id);

    /** The groups {@code member} is in, newest first, at most {@code limit}. */
    List<Group> ofMember(UserId member, int limit);
}
