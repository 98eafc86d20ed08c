package io.hongbao.group.web;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.platform.ids.UserIds;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** {@code {"id", "name", "members"}}. */
@Schema(description = "A group")
record GroupView(
        @Schema(description = "the group's opaque id", example = "1m854zc7rcp511m5sr0t")
        String id,

        @Schema(example = "family") String name,

        @ArraySchema(
                arraySchema = @Schema(description = "every member's user id, the creator's included"),
                schema = @Schema(format = "int64", example = "7", minimum = "1", maximum = UserIds.MAX_TEXT))
        List<Long> members) {

    @Schema(description = "Groups, newest first")
    record Items(List<GroupView> items) {}

    static GroupView of(Group group) {
        return new GroupView(
                group.id().value(),
                group.name(),
                group.members().stream().map(UserId::value).toList());
    }
}
