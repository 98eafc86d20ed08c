package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.redpacket.infrastructure.grab.GrabScript;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The persister reads a shard when this instance's doorbell rings for it (ADR 0072); entries another instance wrote,
 * which ring nothing here, are read by the safety pass every {@code reclaim-every} (1s in the tests).
 */
class PersisterSafetyPassIT extends RedPacketIntegrationTest {

    @Autowired
    RedPacketSettings settings;

    @Autowired
    RedisPrimaries primaries;

    @Autowired
    NotExecutedRetry notExecutedRetry;

    @Test
    void aGrabAnotherInstanceWroteToAShardStreamWithoutRingingThisOneIsPersistedByTheSafetyPass() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, "RANDOM", null, null);
        PacketId id = new PacketId(packet.id());
        int shard = keys.shardOf(id);
        long grabber = newUser();

        // The grab script alone, as another instance's grab path runs it: the entry is in the shard's stream, and
        // nothing here was rung.
        List<GrabOutcome> outcomes = new GrabScript(primaries, notExecutedRetry, keys)
                .grab(shard, List.of(new GrabScript.Request(id, UserId.of(grabber))))
                .toCompletableFuture()
                .join();
        assertThat(outcomes.get(0)).isInstanceOf(GrabOutcome.Grabbed.class);
        long amount = ((GrabOutcome.Grabbed) outcomes.get(0)).amount();
        long writtenAt = System.nanoTime();

        await().atMost(settings.persister().reclaimEvery().multipliedBy(3).plusSeconds(5))
                .until(() -> recorded(packet.id(), grabber) != null);
        Duration took = Duration.ofNanos(System.nanoTime() - writtenAt);
        assertThat(recorded(packet.id(), grabber)).isEqualTo(amount);
        assertThat(api().balanceOf(grabber)).isEqualTo(amount);
        System.out.printf(
                "PersisterSafetyPassIT: an entry nobody rang for was persisted after %d ms (safety pass every %s)%n",
                took.toMillis(), settings.persister().reclaimEvery());
    }

    private Long recorded(String packetId, long user) {
        return jdbc.sql("SELECT amount FROM packet_grabs WHERE packet_id = ? AND user_id = ?")
                .params(packetId, user)
                .query(Long.class)
                .optional()
                .orElse(null);
    }
}
