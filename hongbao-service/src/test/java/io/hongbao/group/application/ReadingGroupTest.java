package io.hongbao.group.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.group.application.ReadingGroup.Found;
import io.hongbao.group.application.ReadingGroup.NotVisible;
import io.hongbao.group.application.ReadingGroup.Unknown;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading groups with an in-memory port, no Spring: members see a group, others only learn it is not theirs. */
class ReadingGroupTest {

    private static final UserId CREATOR = UserId.of(7);
    private static final UserId MEMBER = UserId.of(8);
    private static final UserId STRANGER = UserId.of(9);

    private final InMemoryGroups groups = new InMemoryGroups();
    private final ReadingGroup reading = new ReadingGroup(groups);

    @Test
    void theCreatorAndEveryMemberSeeTheGroup() {
        Group family = stored("family", CREATOR, MEMBER);

        assertThat(reading.read(family.id(), CREATOR)).isEqualTo(new Found(family));
        assertThat(reading.read(family.id(), MEMBER)).isEqualTo(new Found(family));
    }

    @Test
    void someoneOutsideTheGroupIsToldItIsNotVisibleAndGetsNoMembers() {
        Group family = stored("family", CREATOR, MEMBER);

        assertThat(reading.read(family.id(), STRANGER)).isEqualTo(new NotVisible());
    }

    @Test
    void aGroupNobodyCreatedIsUnknownToEveryone() {
        stored("family", CREATOR, MEMBER);

        assertThat(reading.read(GroupId.generate(), CREATOR)).isEqualTo(new Unknown());
    }

    @Test
    void myGroupsAreOnlyTheOnesImInNewestFirstAtMostTheLimit() {
        Group first = stored("first", CREATOR, MEMBER);
        stored("not mine", STRANGER);
        Group second = stored("second", MEMBER, CREATOR);
        Group third = stored("third", CREATOR);

        assertThat(reading.mine(CREATOR, 10)).containsExactly(third, second, first);
        assertThat(reading.mine(CREATOR, 2)).containsExactly(third, second);
        assertThat(reading.mine(MEMBER, 10)).containsExactly(second, first);
    }

    @Test
    void someoneInNoGroupHasNone() {
        stored("family", CREATOR, MEMBER);

        assertThat(reading.mine(STRANGER, 10)).isEmpty();
    }

    private Group stored(String name, UserId creator, UserId... others) {
        Group group = Group.create(GroupId.generate(), name, creator, List.of(others));
        groups.add(group);
        return group;
    }
}
