package io.hongbao.group.infrastructure;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.GroupIds;
import io.hongbao.platform.db.DatabaseShards;

/**
 * New group ids whose home ({@link DatabaseShards#ofId}) is the creator's shard ({@link DatabaseShards#ofUser}): ids
 * are drawn until one lands there, one draw in {@code count} on average (a random id's home is uniform), one with a
 * single database.
 */
public final class HomedGroupIds implements GroupIds {

    /** Far beyond any run of misses that chance allows with a few shards (each draw misses with (n-1)/n). */
    private static final int DRAWS = 10_000;

    private final DatabaseShards shards;

    public HomedGroupIds(DatabaseShards shards) {
        this.shards = shards;
    }

    @Override
    public GroupId next(UserId creator) {
        int home = shards.ofUser(creator.value());
        for (int draw = 0; draw < DRAWS; draw++) {
            GroupId id = GroupId.generate();
            if (shards.ofId(id.value()) == home) {
                return id;
            }
        }
        throw new IllegalStateException("no group id with home " + home + " in " + DRAWS + " draws");
    }
}
