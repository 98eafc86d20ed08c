package io.hongbao.redpacket.infrastructure.grab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.redpacket.infrastructure.grab.GrabScript.Request;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * grab_packets.lua streams a call's grants in one entry at the end of the call (ADR 0044), and Redis keeps the writes
 * of a script that fails midway. A request that fails after an earlier grant of the same call must therefore not take
 * that grant's stream record with it: the user holds the share in Redis, so the database has to hear of it.
 */
class GrabCallFailureIT extends RedPacketIntegrationTest {

    @Autowired
    RedisPrimaries primaries;

    @Autowired
    NotExecutedRetry notExecutedRetry;

    @Test
    void aRequestFailingLateInACallStillLeavesTheCallsEarlierGrantsInTheStream() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long user = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, "RANDOM", null, null);
        PacketId good = new PacketId(packet.id());
        int shard = keys.shardOf(good);
        PacketId broken = brokenPacketIn(shard);
        GrabScript script = new GrabScript(primaries, notExecutedRetry, keys);

        try {
            assertThatThrownBy(() -> script.grab(
                                    shard,
                                    List.of(
                                            new Request(good, UserId.of(user)),
                                            new Request(broken, UserId.of(newUser()))))
                            .toCompletableFuture()
                            .join())
                    .hasStackTraceContaining("WRONGTYPE");
        } finally {
            redis.sync().del(keys.packet(broken), keys.grabbed(broken));
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> recordedAmount(good, user) != null);
        GrabJson retry = packets.grabOk(user, packet.id());
        assertThat(retry.outcome()).isEqualTo("ALREADY_GRABBED");
        assertThat(retry.amount()).isEqualTo(recordedAmount(good, user));
        assertThat(api().balanceOf(user)).isEqualTo(retry.amount());
    }

    /** A live-looking packet of that shard whose grabbed hash is a string: HGET on it fails with WRONGTYPE. */
    private PacketId brokenPacketIn(int shard) {
        PacketId id;
        do {
            id = PacketId.generate();
        } while (keys.shardOf(id) != shard);
        String farFuture =
                Long.toString(System.currentTimeMillis() + Duration.ofHours(1).toMillis());
        redis.sync().hset(keys.packet(id), Map.of("st", "A", "exp", farFuture, "grp", "0"));
        redis.sync().set(keys.grabbed(id), "not a hash");
        return id;
    }

    private Long recordedAmount(PacketId id, long user) {
        return jdbc.sql("SELECT amount FROM packet_grabs WHERE packet_id = ? AND user_id = ?")
                .params(id.value(), user)
                .query(Long.class)
                .optional()
                .orElse(null);
    }
}
