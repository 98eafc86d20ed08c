package io.hongbao.redpacket;

import static io.hongbao.support.AuditChecks.check;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.GrabPersister;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An upgrade with entries still in the streams (ADR 0044): grants the previous version wrote as one {@code k=grab}
 * entry each, and grants this version writes as one {@code k=grabs} entry per script call, drain side by side into
 * the database, each exactly once, and the audit agrees.
 */
class StreamUpgradeIT extends IntegrationTest {

    @Autowired
    GrabPersister persister;

    @Autowired
    PacketKeys keys;

    @Autowired
    StatefulRedisConnection<String, String> redis;

    @Autowired
    JdbcClient jdbc;

    @Test
    void grantsStreamedByThePreviousVersionAndByThisOneAreAllRecordedOnce() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long before = newUser();
        long after = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 4, "RANDOM", null, null);
        PacketId id = new PacketId(packet.id());
        long oldAmount;
        long newAmount;

        persister.stop();
        try {
            oldAmount = grabAsThePreviousVersionDid(id, before);
            newAmount = packets.grabOk(after, packet.id()).amount();
        } finally {
            persister.start();
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> recorded(id) == 2);
        assertThat(api().balanceOf(before)).isEqualTo(oldAmount);
        assertThat(api().balanceOf(after)).isEqualTo(newAmount);
        assertThat(check(api().audit(), "redis-db-agreement").get("ok")).isEqualTo(true);
        assertThat(check(api().audit(), "grabs-recorded-once").get("ok")).isEqualTo(true);
    }

    /** What grab_packets.lua did before ADR 0044 for one grant: one entry of its own, running totals kept. */
    private long grabAsThePreviousVersionDid(PacketId id, long user) {
        RedisCommands<String, String> sync = redis.sync();
        String[] share = sync.lpop(keys.shares(id)).split(":");
        String at = Long.toString(System.currentTimeMillis());
        sync.hset(keys.grabbed(id), Long.toString(user), share[1] + ":" + share[0] + ":" + at);
        sync.hincrby(keys.packet(id), "ramt", -Long.parseLong(share[1]));
        sync.hincrby(keys.packet(id), "rcnt", -1);
        sync.xadd(
                keys.stream(id),
                Map.of("k", "grab", "p", id.value(), "u", Long.toString(user), "a", share[1], "s", share[0], "t", at));
        return Long.parseLong(share[1]);
    }

    private long recorded(PacketId id) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(id.value())
                .query(Long.class)
                .single();
    }
}
