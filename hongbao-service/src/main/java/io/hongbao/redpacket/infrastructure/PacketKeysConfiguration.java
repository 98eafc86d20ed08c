package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.RedPacketSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Where a packet lives in Redis, the layout every room of the red-packet infrastructure shares. */
@Configuration(proxyBeanMethods = false)
class PacketKeysConfiguration {

    /**
     * The shard layout, checked against the one the database's packets were written with before anything uses it: a
     * start with another one is refused (ADR 0071).
     */
    @Bean
    PacketKeys packetKeys(RedPacketSettings settings, JdbcClient jdbc) {
        new ShardLayout(jdbc).recordOrCheck(new ShardLayout.Layout(settings.shards(), settings.shardTags()));
        return new PacketKeys(settings.shards(), settings.shardTags());
    }
}
