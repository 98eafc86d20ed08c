package io.hongbao.redpacket;

import static org.awaitility.Awaitility.await;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The /me views: a user's grabs and sent packets, newest first, once the persister recorded them. */
class PacketHistoryIT extends IntegrationTest {

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void myGrabsAndMyPacketsListNewestFirstOnceRecorded() {
        long sender = newUser();
        long grabber = newUser();
        api().deposit(sender, 3_000).expectStatus().isOk();
        PacketJson older = packets().sendOk(sender, 1_000, 1, null, null, null);
        PacketJson newer = packets().sendOk(sender, 2_000, 2, "EQUAL", null, null);
        packets().grabOk(grabber, older.id());
        packets().grabOk(grabber, newer.id());

        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> packets()
                        .myGrabs(grabber)
                        .expectBody()
                        .jsonPath("$.items.length()")
                        .isEqualTo(2));
        packets()
                .myGrabs(grabber)
                .expectBody()
                .jsonPath("$.items[0].packetId")
                .isEqualTo(newer.id())
                .jsonPath("$.items[0].senderId")
                .isEqualTo(sender)
                .jsonPath("$.items[0].amount")
                .isEqualTo(1_000)
                .jsonPath("$.items[0].grabbedAt")
                .isNotEmpty()
                .jsonPath("$.items[1].packetId")
                .isEqualTo(older.id())
                .jsonPath("$.items[1].amount")
                .isEqualTo(1_000);
        packets()
                .myPackets(sender)
                .expectBody()
                .jsonPath("$.items.length()")
                .isEqualTo(2)
                .jsonPath("$.items[0].id")
                .isEqualTo(newer.id())
                .jsonPath("$.items[0].remainingCount")
                .isEqualTo(1)
                .jsonPath("$.items[0].status")
                .isEqualTo("ACTIVE")
                .jsonPath("$.items[0].grabs")
                .doesNotExist()
                .jsonPath("$.items[1].id")
                .isEqualTo(older.id())
                .jsonPath("$.items[1].status")
                .isEqualTo("SOLD_OUT")
                .jsonPath("$.items[1].luckiestUserId")
                .isEqualTo(grabber);
    }
}
