package io.hongbao.group.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.db.DatabaseShards;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HomedGroupIdsTest {

    private final DatabaseShards shards = new DatabaseShards(4);
    private final HomedGroupIds ids = new HomedGroupIds(shards);

    @Test
    void aNewGroupsHomeIsItsCreatorsShard() {
        for (long creator = 1; creator <= 40; creator++) {
            GroupId id = ids.next(UserId.of(creator));

            assertThat(shards.ofId(id.value())).as("group of user %d", creator).isEqualTo(shards.ofUser(creator));
        }
    }

    @Test
    void theIdsOfOneCreatorAreNewEachTime() {
        Set<GroupId> seen = new HashSet<>();

        for (int i = 0; i < 100; i++) {
            assertThat(seen.add(ids.next(UserId.of(7)))).isTrue();
        }
    }

    @Test
    void withOneDatabaseEveryIdIsAtHome() {
        DatabaseShards one = new DatabaseShards(1);

        assertThat(one.ofId(new HomedGroupIds(one).next(UserId.of(5)).value())).isZero();
    }
}
