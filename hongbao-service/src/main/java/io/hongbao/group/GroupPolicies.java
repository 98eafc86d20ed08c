package io.hongbao.group;

import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the groups feature tells the platform about its rows (ADR 0088): a group and its members live on one database
 * shard, the home its id names, never copied to the others; so no write of a group spans shards, and no crash or
 * frozen shard in the middle of one can leave two copies that disagree. A user's groups are read from every shard.
 */
@Configuration(proxyBeanMethods = false)
class GroupPolicies {

    /** A group id column: the group's home ({@link io.hongbao.platform.db.DatabaseShards#ofId}). */
    static final ShardKey GROUP = new ShardKey("group", (value, shards) -> shards.ofId(value.toString()));

    @Bean
    ShardedTables groupTables() {
        return ShardedTables.of(
                byKey("chat_groups", "id", GROUP, true), byKey("group_members", "group_id", GROUP, true));
    }
}
