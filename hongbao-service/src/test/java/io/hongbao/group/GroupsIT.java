package io.hongbao.group;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GroupJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;

/** docs/api.md, Groups: creation, members-only reading, and every bad input refused without a trace. */
class GroupsIT extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    private RedPacketApi groups() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void theCreatorIsAlwaysAMemberAndMembersAreListedOnce() {
        long creator = newUser();
        long a = newUser();
        long b = newUser();

        GroupJson group = groups().createGroup(creator, "family", List.of(b, a, b))
                .expectStatus()
                .isCreated()
                .expectBody(GroupJson.class)
                .returnResult()
                .getResponseBody();

        assertThat(group.id()).isNotBlank();
        assertThat(group.name()).isEqualTo("family");
        assertThat(group.members()).containsExactly(creator, a, b);
        GroupJson read = groups().group(a, group.id())
                .expectStatus()
                .isOk()
                .expectBody(GroupJson.class)
                .returnResult()
                .getResponseBody();
        assertThat(read).isEqualTo(group);
    }

    @Test
    void aGroupOfOneIsFineAndListingTheCreatorTooChangesNothing() {
        long creator = newUser();

        assertThat(groups().createGroup(creator, "me", List.of(creator))
                        .expectStatus()
                        .isCreated()
                        .expectBody(GroupJson.class)
                        .returnResult()
                        .getResponseBody()
                        .members())
                .containsExactly(creator);
        assertThat(groups().createGroup(creator, "me again", List.of())
                        .expectStatus()
                        .isCreated()
                        .expectBody(GroupJson.class)
                        .returnResult()
                        .getResponseBody()
                        .members())
                .containsExactly(creator);
    }

    @Test
    void onlyMembersMayReadAGroup() {
        long creator = newUser();
        String group = groups().newGroup(creator, List.of());

        groups().group(newUser(), group)
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");
    }

    @Test
    void anUnknownGroupIsNotFound() {
        groups().group(newUser(), "0000000000nosuchgroup")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
        groups().group(newUser(), "no$such")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void aGroupMayHaveAThousandMembersButNotMore() {
        long creator = newUser();
        List<Long> fine = new ArrayList<>(LongStream.rangeClosed(1, 999).boxed().toList());
        List<Long> tooMany =
                new ArrayList<>(LongStream.rangeClosed(1, 1000).boxed().toList());

        groups().createGroup(creator, "big", fine).expectStatus().isCreated();
        groups().createGroup(creator, "too big", tooMany)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");

        assertThat(groupsCreatedBy(creator)).isEqualTo(1);
    }

    @ParameterizedTest(name = "group body {0} is 400 VALIDATION_FAILED")
    @ValueSource(
            strings = {
                "{\"members\": [2]}", // no name
                "{\"name\": null, \"members\": [2]}",
                "{\"name\": \"\", \"members\": [2]}",
                "{\"name\": \"   \", \"members\": [2]}",
                "{\"name\": \"12345678901234567890123456789012345678901234567890123456789012345\", \"members\": []}",
                "{\"name\": 7, \"members\": [2]}",
                "{\"name\": \"family\"}", // no members
                "{\"name\": \"family\", \"members\": null}",
                "{\"name\": \"family\", \"members\": 2}",
                "{\"name\": \"family\", \"members\": [0]}",
                "{\"name\": \"family\", \"members\": [-3]}",
                "{\"name\": \"family\", \"members\": [1.5]}",
                "{\"name\": \"family\", \"members\": [\"2\"]}",
                "{\"name\": \"family\", \"members\": [null]}",
                "{\"name\": \"family\", \"members\": [99999999999999999999]}",
                "{\"name\": \"family\", \"members\": [2], \"owner\": 5}", // unknown field
                "{\"name\": \"family\", \"members\": [2]", // truncated
                "[]",
                "not json",
                ""
            })
    void rejectsABadGroupAndCreatesNothing(String body) {
        long creator = newUser();

        api().postRaw(tokenFor(creator), "/api/v1/groups", body, new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .isNotEmpty();

        assertThat(groupsCreatedBy(creator)).isZero();
    }

    @Test
    void groupsNeedAToken() {
        api().postRaw(null, "/api/v1/groups", "{\"name\": \"x\", \"members\": []}", new HttpHeaders())
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
    }

    private long groupsCreatedBy(long creator) {
        return jdbc.sql("SELECT COUNT(*) FROM chat_groups WHERE creator_id = ?")
                .param(creator)
                .query(Long.class)
                .single();
    }
}
