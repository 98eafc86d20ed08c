package io.hongbao.group.model;

import io.hongbao.account.model.UserId;

/**
 * Where a new group's id comes from. A group lives on one database shard, the home its id names (ADR 0088); the id is
 * chosen so that its home is its creator's shard, where the request's recorded answer is written too: the group, its
 * members and that answer then commit in one local transaction, all or nothing.
 */
@FunctionalInterface
public interface GroupIds {

    GroupId next(UserId creator);
}
