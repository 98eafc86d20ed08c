package io.hongbao.redpacket;

import static io.hongbao.support.RedPacketApi.packet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Group packets: grabbing and reading are for members; sending needs a group of the sender. */
class GroupPacketsIT extends IntegrationTest {

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void aGroupPacketIsForMembersOnly() {
        long sender = newUser();
        long member = newUser();
        long outsider = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        String group = packets().newGroup(sender, List.of(member));
        PacketJson sent = packets().sendOk(sender, 1_000, 2, null, null, group);

        packets()
                .grab(outsider, sent.id())
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_A_MEMBER");
        packets()
                .packet(outsider, sent.id())
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");

        assertThat(sent.groupId()).isEqualTo(group);
        assertThat(packets().grabOk(member, sent.id()).outcome()).isEqualTo("GRABBED");
        assertThat(packets().grabOk(sender, sent.id()).outcome()).isEqualTo("GRABBED");
        assertThat(packets().packetOk(member, sent.id()).grabs()).hasSize(2);
    }

    @Test
    void sendingToAGroupNeedsAnExistingGroupOfTheSender() {
        long sender = newUser();
        long other = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        String foreign = packets().newGroup(other, List.of());

        packets()
                .send(sender, packet(100, 1, null, null, "0000000000nosuchgroup"))
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
        packets()
                .send(sender, packet(100, 1, null, null, foreign))
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");

        assertThat(api().balanceOf(sender)).isEqualTo(1_000);
        packets().myPackets(sender).expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }
}
