package io.hongbao.group.web;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.platform.ids.UserIds;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.HashSet;
import java.util.List;

/** The body of {@code POST /api/v1/groups}; checks its own fields so a bad one is a 400 that changes nothing. */
@Schema(description = "A new group")
record CreateGroupRequest(
        @Schema(
                description = "a name, not blank",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minLength = 1,
                maxLength = Group.MAX_NAME_LENGTH,
                example = "family")
        String name,

        @ArraySchema(
                arraySchema =
                        @Schema(
                                description = "the other members' user ids (may be empty); the creator is"
                                        + " always a member; a group has at most a configured number of"
                                        + " members (1000 by default), the creator included",
                                requiredMode = Schema.RequiredMode.REQUIRED,
                                example = "[8, 9]"),
                schema = @Schema(minimum = "1", maximum = UserIds.MAX_TEXT, format = "int64"))
        List<Long> members) {

    String checkedName() {
        if (name == null || name.isBlank()) {
            throw ApiException.validation("name is required and may not be blank");
        }
        if (name.length() > Group.MAX_NAME_LENGTH) {
            throw ApiException.validation("name is at most " + Group.MAX_NAME_LENGTH + " characters");
        }
        return name;
    }

    List<UserId> checkedMembers(long creator, int maxMembers) {
        if (members == null) {
            throw ApiException.validation("members is required (a list of user ids, may be empty)");
        }
        HashSet<Long> unique = new HashSet<>();
        unique.add(creator);
        for (Long member : members) {
            if (member == null || !UserIds.valid(member)) {
                throw ApiException.validation("members are user ids: " + UserIds.RULE);
            }
            unique.add(member);
        }
        if (unique.size() > maxMembers) {
            throw ApiException.validation("a group has at most " + maxMembers + " members, creator included");
        }
        return members.stream().map(UserId::of).toList();
    }
}
