package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Abuse limits (ADR 0063): grabs of well-formed packet ids that do not exist cost no database query after the first,
 * for a short while (docs/design.md, The hot path: a grab). The memory never hides a real packet: Redis is asked
 * first, and only "unknown" answers of the database are remembered.
 */
class UnknownPacketGrabsIT extends IntegrationTest {

    private static final int GRABBERS = 100;

    @LocalServerPort
    int port;

    JdbcClient jdbc;

    /** The database server directly: MariaDB's general log is no table ShardingSphere routes (ADR 0083). */
    @Autowired
    void jdbc(StorageEndpoints endpoints) {
        jdbc = JdbcClient.create(
                new DriverManagerDataSource(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword()));
    }

    @Autowired
    MeterRegistry registry;

    @Autowired
    RedPacketSettings settings;

    @Autowired
    RedisConnection redis;

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

        List<Attempt> attempts =
                queriesLogged(() -> new GrabStorm("http://127.0.0.1:" + port, this::tokenFor).run(plans, 16));

        assertThat(attempts)
                .hasSize(2 * GRABBERS)
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(404));
        // Counted by MariaDB itself, whatever sent them: a global count of SELECTs also counted the background
        // workers of every Spring context the test JVM keeps (149 in one CI run), so only statements naming the id.
        assertThat(queriesNaming(unknown))
                .as("statements naming the unknown id that MariaDB ran during %d grabs", plans.size())
                .isEqualTo(1);
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

    /** Runs the storm with MariaDB's general query log written to its table, then puts the log back as it was. */
    private <T> T queriesLogged(Callable<T> storm) throws Exception {
        String output = variable("log_output");
        String enabled = variable("general_log");
        jdbc.sql("SET GLOBAL log_output = 'TABLE'").update();
        jdbc.sql("SET GLOBAL general_log = 1").update();
        try {
            return storm.call();
        } finally {
            jdbc.sql("SET GLOBAL general_log = " + ("1".equals(enabled) ? 1 : 0))
                    .update();
            jdbc.sql("SET GLOBAL log_output = '" + output + "'").update();
        }
    }

    private long queriesNaming(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM mysql.general_log WHERE command_type = 'Query' AND argument LIKE ?")
                .param("%" + packetId + "%")
                .query(Long.class)
                .single();
    }

    private String variable(String name) {
        return jdbc.sql("SELECT @@GLOBAL." + name).query(String.class).single();
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
