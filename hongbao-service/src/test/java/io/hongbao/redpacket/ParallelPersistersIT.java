package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.infrastructure.persister.PacketEventWriter;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Two persisters (as two service instances would run them) share the shard streams through the consumer group: every
 * grant is written exactly once, whichever of them takes it.
 */
class ParallelPersistersIT extends IntegrationTest {

    @LocalServerPort
    int port;

    @Autowired
    RedisConnections client;

    @Autowired
    PacketKeys keys;

    @Autowired
    PacketEventWriter writer;

    @Autowired
    RedPacketSettings settings;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry registry;

    @Autowired
    DatabaseShards databaseShards;

    @Autowired
    ReplicatedAcknowledgements replicas;

    @Test
    void twoPersistersOnTheSameStreamsWriteEveryGrantOnce() throws Exception {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 100_000).expectStatus().isOk();
        List<PacketJson> sent = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            sent.add(packets.sendOk(sender, 10_000, 40, "RANDOM", null, null));
        }
        List<Plan> plans = new ArrayList<>();
        for (int u = 0; u < 60; u++) {
            long user = newUser();
            for (PacketJson packet : sent) {
                plans.add(new Plan(user, packet.id()));
            }
        }
        // Another instance: nothing rings its doorbell (its own grab path would), so it finds work by its safety pass.
        GrabPersister second = new GrabPersister(
                client,
                keys,
                new ShardDoorbell(keys.shards()),
                writer,
                settings.persister(),
                databaseShards,
                replicas,
                registry);
        List<Attempt> attempts;
        second.start();
        try {
            attempts = new GrabStorm("http://127.0.0.1:" + port, this::tokenFor).run(plans, 32);
            await().atMost(Duration.ofSeconds(30)).until(() -> recordedGrabs(sent) == 8 * 40);
        } finally {
            second.stop();
        }

        Map<Long, Long> expected = new HashMap<>();
        attempts.stream().filter(Attempt::granted).forEach(a -> expected.merge(a.user(), a.amount(), Long::sum));
        assertThat(attempts.stream().filter(Attempt::granted)).hasSize(8 * 40);
        assertThat(recordedGrabs(sent)).isEqualTo(8 * 40);
        expected.forEach((user, amount) -> assertThat(api().balanceOf(user)).isEqualTo(amount));
        http.get()
                .uri("/api/v1/admin/audit")
                .headers(h -> h.setBearerAuth(adminToken()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.ok")
                .isEqualTo(true);
    }

    private long recordedGrabs(List<PacketJson> sent) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                .param("ids", sent.stream().map(PacketJson::id).toList())
                .query(Long.class)
                .single();
    }
}
