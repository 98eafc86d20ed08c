package io.hongbao.group.web;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import java.util.List;

/** {@code {"id", "name", "members"}}. */
record GroupView(String id, String name, List<Long> members) {

    static GroupView of(Group group) {
        return new GroupView(
                group.id().value(),
                group.name(),
                group.members().stream().map(UserId::value).toList());
    }
}
