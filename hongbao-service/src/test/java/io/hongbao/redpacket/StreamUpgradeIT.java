package io.hongbao.redpacket;

import static io.hongbao.support.AuditChecks.check;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.infrastructure.GrabPersister;
import io.hongbao.redpacket.infrastructure.GrabScript;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An upgrade with entries still in the streams (ADR 0044): grants the previous version wrote as one {@code k=grab}
 * entry each, grants this version writes as one {@code k=grabs} entry per script call, and grants it writes in the old
 * format during a rolling upgrade, drain side by side into the database, each exactly once, and the audit agrees.
 */
class StreamUpgradeIT extends RedPacketIntegrationTest {

    @Autowired
    GrabPersister persister;

    @Test
    void grantsStreamedInEitherFormatAreAllRecordedOnce() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long before = newUser();
        long after = newUser();
        long during = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 4, "RANDOM", null, null);
        PacketId id = new PacketId(packet.id());
        long oldAmount;
        long newAmount;
        long duringAmount;

        persister.stop();
        try {
            oldAmount = grabAsThePreviousVersionDid(id, before);
            newAmount = packets.grabOk(after, packet.id()).amount();
            duringAmount = grabWithOneEntryPerGrant(id, during);
        } finally {
            persister.start();
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> recorded(id) == 3);
        assertThat(api().balanceOf(before)).isEqualTo(oldAmount);
        assertThat(api().balanceOf(after)).isEqualTo(newAmount);
        assertThat(api().balanceOf(during)).isEqualTo(duringAmount);
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

    /**
     * The first step of a rolling upgrade ({@code entry-per-call=false}): the script writes what older instances
     * read, an entry per grant and the running totals.
     */
    private long grabWithOneEntryPerGrant(PacketId id, long user) {
        // Old sweepers refund ramt and old readers show it: this mode keeps it moving as they did.
        long ramtBefore = Long.parseLong(redis.sync().hget(keys.packet(id), "ramt"));
        long rcntBefore = Long.parseLong(redis.sync().hget(keys.packet(id), "rcnt"));
        GrabScript script = new GrabScript(redis.async(), keys, false);
        GrabOutcome outcome = script.grab(keys.shardOf(id), List.of(new GrabScript.Request(id, UserId.of(user))))
                .toCompletableFuture()
                .join()
                .get(0);
        List<StreamMessage<String, String>> entries = redis.sync().xrevrange(keys.stream(id), Range.unbounded());
        assertThat(entries.get(0).getBody())
                .containsEntry("k", "grab")
                .containsEntry("p", id.value())
                .containsEntry("u", Long.toString(user));
        long amount = ((GrabOutcome.Grabbed) outcome).amount();
        assertThat(Long.parseLong(redis.sync().hget(keys.packet(id), "ramt"))).isEqualTo(ramtBefore - amount);
        assertThat(Long.parseLong(redis.sync().hget(keys.packet(id), "rcnt"))).isEqualTo(rcntBefore - 1);
        return amount;
    }

    private long recorded(PacketId id) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(id.value())
                .query(Long.class)
                .single();
    }
}
