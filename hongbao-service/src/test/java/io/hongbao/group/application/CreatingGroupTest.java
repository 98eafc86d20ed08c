package io.hongbao.group.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Creating a group with an in-memory port, no Spring: the creator is in it, each member once, up to the limit. */
class CreatingGroupTest {

    private static final int MAX_MEMBERS = 4;
    private static final UserId CREATOR = UserId.of(7);

    private final InMemoryGroups groups = new InMemoryGroups();
    private final CreatingGroup creating = new CreatingGroup(groups, creator -> GroupId.generate(), MAX_MEMBERS);

    @Test
    void theCreatorIsAlwaysAMemberAndTheGroupIsStoredAsAnswered() {
        Group group = creating.create(CREATOR, "family", users(9, 8));

        assertThat(group.name()).isEqualTo("family");
        assertThat(group.creator()).isEqualTo(CREATOR);
        assertThat(group.members()).containsExactly(UserId.of(7), UserId.of(8), UserId.of(9));
        assertThat(groups.find(group.id())).contains(group);
    }

    @Test
    void aGroupOfTheCreatorAloneIsAGroup() {
        Group group = creating.create(CREATOR, "me", List.of());

        assertThat(group.members()).containsExactly(CREATOR);
        assertThat(groups.count()).isEqualTo(1);
    }

    @Test
    void aMemberListedTwiceAndTheCreatorListedAgainAreEachInItOnce() {
        Group group = creating.create(CREATOR, "family", users(8, 8, 7));

        assertThat(group.members()).containsExactly(UserId.of(7), UserId.of(8));
    }

    @Test
    void aGroupMayHaveExactlyTheMostMembersCreatorIncluded() {
        Group group = creating.create(CREATOR, "full", users(8, 9, 10));

        assertThat(group.members()).hasSize(MAX_MEMBERS);
        assertThat(groups.count()).isEqualTo(1);
    }

    @Test
    void repeatsDoNotCountTowardsTheLimit() {
        Group group = creating.create(CREATOR, "full", users(8, 9, 10, 10, 10, 7));

        assertThat(group.members()).hasSize(MAX_MEMBERS);
    }

    @Test
    void oneMemberTooManyIsRefusedAndNothingIsStored() {
        assertThatThrownBy(() -> creating.create(CREATOR, "crowd", users(8, 9, 10, 11)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a group has at most 4 members");

        assertThat(groups.count()).isZero();
        assertThat(groups.ofMember(CREATOR, 10)).isEmpty();
    }

    @Test
    void aBlankOrOverlongNameIsRefusedAndNothingIsStored() {
        for (String name : new String[] {null, "", "   ", "x".repeat(Group.MAX_NAME_LENGTH + 1)}) {
            assertThatThrownBy(() -> creating.create(CREATOR, name, users(8)))
                    .as("name %s", name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a group name is 1..64 characters");
        }

        assertThat(groups.count()).isZero();
        assertThat(creating.create(CREATOR, "x".repeat(Group.MAX_NAME_LENGTH), users(8))
                        .name())
                .hasSize(Group.MAX_NAME_LENGTH);
    }

    @Test
    void theSameGroupCreatedTwiceIsTwoGroups() {
        Group first = creating.create(CREATOR, "family", users(8));
        Group second = creating.create(CREATOR, "family", users(8));

        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(groups.ofMember(CREATOR, 10)).containsExactly(second, first);
    }

    @Test
    void itTellsTheLimitItKeeps() {
        assertThat(creating.maxMembers()).isEqualTo(MAX_MEMBERS);
    }

    private static List<UserId> users(long... ids) {
        return LongStream.of(ids).mapToObj(UserId::of).toList();
    }
}
