package io.hongbao.redpacket.infrastructure.storage;

import io.hongbao.group.model.Groups;
import io.hongbao.redpacket.model.PacketIds;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.RedPackets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The red packets in the database, and the ids that place a new one on its sender's database. */
@Configuration(proxyBeanMethods = false)
class PacketStorageConfiguration {

    @Bean
    RedPackets redPackets(JdbcClient jdbc, Groups groups) {
        return new JdbcRedPackets(jdbc, groups);
    }

    @Bean
    PacketIds packetIds(PacketShards packetShards) {
        return new PlacedPacketIds(packetShards);
    }
}
