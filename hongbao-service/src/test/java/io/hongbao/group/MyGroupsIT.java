package io.hongbao.group;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GroupJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/api.md, Groups: {@code GET /api/v1/me/groups}, the caller's groups newest first. */
class MyGroupsIT extends IntegrationTest {

    private RedPacketApi groups() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void listsTheGroupsTheCallerIsInNewestFirstAsEachGroupReads() {
        long alice = newUser();
        long bob = newUser();
        long carol = newUser();
        String older = groups().newGroup(alice, List.of(bob));
        String bobs = groups().newGroup(bob, List.of(alice, carol));
        String notAlices = groups().newGroup(carol, List.of(bob));

        List<GroupJson> mine = myGroups(alice, null);

        assertThat(mine).extracting(GroupJson::id).containsExactly(bobs, older);
        assertThat(mine.get(0)).isEqualTo(group(alice, bobs));
        assertThat(mine.get(0).members()).containsExactly(alice, bob, carol);
        assertThat(myGroups(bob, null)).extracting(GroupJson::id).containsExactly(notAlices, bobs, older);
        assertThat(myGroups(bob, 2)).extracting(GroupJson::id).containsExactly(notAlices, bobs);
        assertThat(myGroups(newUser(), null)).isEmpty();
    }

    @Test
    void aBadLimitIs400() {
        for (String limit : List.of("0", "201", "-1", "abc", "1.5")) {
            http.get()
                    .uri("/api/v1/me/groups?limit=" + limit)
                    .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                    .exchange()
                    .expectStatus()
                    .isBadRequest()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("VALIDATION_FAILED");
        }
        http.get().uri("/api/v1/me/groups").exchange().expectStatus().isUnauthorized();
    }

    private GroupJson group(long asUser, String id) {
        return groups().group(asUser, id)
                .expectBody(GroupJson.class)
                .returnResult()
                .getResponseBody();
    }

    private List<GroupJson> myGroups(long asUser, Integer limit) {
        return http.get()
                .uri(limit == null ? "/api/v1/me/groups" : "/api/v1/me/groups?limit=" + limit)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Groups.class)
                .returnResult()
                .getResponseBody()
                .items();
    }

    record Groups(List<GroupJson> items) {}
}
