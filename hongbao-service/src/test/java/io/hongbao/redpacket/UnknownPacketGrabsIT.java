package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Issue 11, abuse limits: grabs of well-formed packet ids that do not exist cost no database query after the first,
 * for a short while (docs/design.md, The hot path: a grab). The memory never hides a real packet: Redis is asked
 * first, and only "unknown" answers of the database are remembered.
 */
class UnknownPacketGrabsIT extends IntegrationTest {

    private static final int GRABBERS = 100;

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry registry;

    @Autowired
    RedPacketSettings settings;

    @Autowired
    StatefulRedisConnection<String, String> redis;

    @Autowired
    PacketKeys keys;

    @Test
    void manyGrabsOfAnIdNobodyKnowsAskTheDatabaseOnceUntilTheMemoryLapses() throws Exception {
        String unknown = PacketId.generate().value();
        List<Plan> plans = new ArrayList<>();
        for (int i = 0; i < GRABBERS; i++) {
            long user = newUser();
            plans.add(new Plan(user, unknown));
            plans.add(new Plan(user, unknown));
        }
        double lookupsBefore = lookups(false);
        long selectsBefore = selectsSoFar();

        List<Attempt> attempts = new GrabStorm("http://127.0.0.1:" + port, this::tokenFor).run(plans, 16);

        long selects = selectsSoFar() - selectsBefore;
        assertThat(attempts)
                .hasSize(2 * GRABBERS)
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(404));
        // Counted by MariaDB itself, whatever runs them: each grab asking would be 200 or more; what remains is the
        // one lookup and the service's background workers meanwhile.
        assertThat(selects)
                .as("SELECTs MariaDB ran during %d grabs", plans.size())
                .isLessThan(GRABBERS / 2);
        assertThat(lookups(false) - lookupsBefore)
                .as("database lookups of the unknown id")
                .isEqualTo(1);

        Thread.sleep(settings.negativeCache().rememberFor().plusMillis(500).toMillis());
        assertThat(grab(newUser(), unknown)).isEqualTo(404);
        assertThat(lookups(false) - lookupsBefore)
                .as("a lookup once the memory lapsed")
                .isEqualTo(2);
    }

    @Test
    void aPacketWhoseRedisStateWasLostIsRebuiltEachTimeNeverHiddenByTheMemory() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 10, "EQUAL", null, null);
        long first = newUser();
        assertThat(packets.grabOk(first, packet.id()).outcome()).isEqualTo("GRABBED");
        await().atMost(Duration.ofSeconds(10)).until(() -> recordedGrabs(packet.id()) == 1);
        double lookupsBefore = lookups(true);

        forgetInRedis(packet.id());
        assertThat(packets.grabOk(newUser(), packet.id()).outcome()).isEqualTo("GRABBED");
        await().atMost(Duration.ofSeconds(10)).until(() -> recordedGrabs(packet.id()) == 2);
        forgetInRedis(packet.id());
        GrabJson again = packets.grabOk(first, packet.id());

        assertThat(again.outcome()).isEqualTo("ALREADY_GRABBED");
        assertThat(again.amount()).isEqualTo(100);
        assertThat(packets.grabOk(newUser(), packet.id()).outcome()).isEqualTo("GRABBED");
        assertThat(lookups(true) - lookupsBefore)
                .as("rebuilds from the database")
                .isEqualTo(2);
    }

    private int grab(long user, String packetId) {
        return http.post()
                .uri("/api/v1/packets/" + packetId + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(user)))
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }

    private double lookups(boolean found) {
        return registry.counter("hongbao.grab.database.lookups", "found", Boolean.toString(found))
                .count();
    }

    private long selectsSoFar() {
        return jdbc.sql("SHOW GLOBAL STATUS LIKE 'Com_select'")
                .query((rs, row) -> rs.getLong(2))
                .single();
    }

    private void forgetInRedis(String packetId) {
        PacketId id = new PacketId(packetId);
        redis.sync().del(keys.packet(id), keys.shares(id), keys.grabbed(id), keys.members(id));
    }

    private long recordedGrabs(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packetId)
                .query(Long.class)
                .single();
    }
}
