package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/api.md, Red packets: {@code GET /api/v1/groups/{id}/packets}, for the group's members, newest first. */
class GroupPacketListIT extends IntegrationTest {

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void membersSeeTheGroupsPacketsNewestFirstAsMyPacketsShowsThem() {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 10_000).expectStatus().isOk();
        api().deposit(bob, 10_000).expectStatus().isOk();
        String group = packets().newGroup(alice, List.of(bob));
        String otherGroup = packets().newGroup(alice, List.of());
        PacketJson first = packets().sendOk(alice, 1_000, 2, null, null, group);
        PacketJson second = packets().sendOk(bob, 300, 3, "EQUAL", null, group);
        packets().sendOk(alice, 100, 1, null, null, otherGroup);
        packets().sendOk(alice, 100, 1, null, null, null);
        packets().grabOk(bob, first.id());

        // Read from the database, like /me/packets: the grab shows once the persister has written it.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            List<PacketJson> listed = groupPackets(bob, group, null);
            assertThat(listed).extracting(PacketJson::id).containsExactly(second.id(), first.id());
            assertThat(listed.get(1).remainingCount()).isEqualTo(1);
        });
        PacketJson asMine = myPackets(alice).stream()
                .filter(p -> p.id().equals(first.id()))
                .findFirst()
                .orElseThrow();
        assertThat(groupPackets(alice, group, null).get(1)).isEqualTo(asMine);
        assertThat(groupPackets(alice, group, 1)).extracting(PacketJson::id).containsExactly(second.id());
    }

    @Test
    void onlyMembersMayListAndAnUnknownGroupIs404() {
        long alice = newUser();
        String group = packets().newGroup(alice, List.of());

        list(newUser(), group)
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");
        list(alice, "0000000000nosuchgroup")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
        list(alice, "not an id!").expectStatus().isNotFound();
        assertThat(groupPackets(alice, group, null)).isEmpty();
        http.get()
                .uri("/api/v1/groups/{id}/packets?limit=0", group)
                .headers(h -> h.setBearerAuth(tokenFor(alice)))
                .exchange()
                .expectStatus()
                .isBadRequest();
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec list(long asUser, String group) {
        return http.get()
                .uri("/api/v1/groups/{id}/packets", group)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .exchange();
    }

    private List<PacketJson> groupPackets(long asUser, String group, Integer limit) {
        return http.get()
                .uri(
                        limit == null ? "/api/v1/groups/{id}/packets" : "/api/v1/groups/{id}/packets?limit=" + limit,
                        group)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Summaries.class)
                .returnResult()
                .getResponseBody()
                .items();
    }

    private List<PacketJson> myPackets(long asUser) {
        return packets()
                .myPackets(asUser)
                .expectBody(Summaries.class)
                .returnResult()
                .getResponseBody()
                .items();
    }

    record Summaries(List<PacketJson> items) {}
}
