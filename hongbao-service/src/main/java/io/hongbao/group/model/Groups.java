package io.hongbao.group.model;

import java.util.Optional;

/** The groups, as stored in the system of record. */
public interface Groups {

    void add(Group group);

    Optional<Group> find(GroupId id);
}
