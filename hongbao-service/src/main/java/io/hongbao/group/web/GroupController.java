package io.hongbao.group.web;

import io.hongbao.account.model.UserId;
import io.hongbao.group.application.CreatingGroup;
import io.hongbao.group.application.ReadingGroup;
import io.hongbao.group.application.ReadingGroup.Found;
import io.hongbao.group.application.ReadingGroup.NotVisible;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.idempotency.AnswerCodec;
import io.hongbao.platform.idempotency.IdempotencyKey;
import io.hongbao.platform.idempotency.IdempotentRequests;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.Paging;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Groups. */
@RestController
@Tag(name = "Groups", description = "Groups of users, for packets only their members may grab")
class GroupController {

    private static final AnswerCodec<GroupView> CREATED = AnswerCodec.of(HttpStatus.CREATED, GroupView.class);

    private final CreatingGroup creating;
    private final ReadingGroup reading;
    private final IdempotentRequests idempotent;
    private final Blocking blocking;

    GroupController(CreatingGroup creating, ReadingGroup reading, IdempotentRequests idempotent, Blocking blocking) {
        this.creating = creating;
        this.reading = reading;
        this.idempotent = idempotent;
        this.blocking = blocking;
    }

    @Operation(
            operationId = "createGroup",
            summary = "Create a group",
            description = "The caller creates the group and is always a member, listed or not.",
            responses =
                    @ApiResponse(
                            responseCode = "201",
                            description = "the group",
                            content = @Content(schema = @Schema(implementation = GroupView.class))))
    @PostMapping("/api/v1/groups")
    Mono<ResponseEntity<GroupView>> create(
            @AuthenticationPrincipal Caller caller,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody CreateGroupRequest body) {
        String name = body.checkedName();
        List<UserId> members = body.checkedMembers(caller.userId(), creating.maxMembers());
        UserId creator = UserId.of(caller.userId());
        return idempotent
                .run(
                        caller.userId(),
                        IdempotencyKey.fromHeader(key),
                        "POST /api/v1/groups",
                        body,
                        CREATED,
                        () -> GroupView.of(creating.create(creator, name, members)))
                .map(group -> ResponseEntity.status(HttpStatus.CREATED).body(group));
    }

    @Operation(operationId = "myGroups", summary = "The groups the caller is a member of, newest first")
    @GetMapping("/api/v1/me/groups")
    Mono<GroupView.Items> mine(@AuthenticationPrincipal Caller caller, @RequestParam(required = false) Integer limit) {
        int pageSize = Paging.limit(limit);
        return blocking.call(() -> new GroupView.Items(reading.mine(UserId.of(caller.userId()), pageSize).stream()
                .map(GroupView::of)
                .toList()));
    }

    @Operation(
            operationId = "group",
            summary = "A group, for its members",
            responses = {
                @ApiResponse(responseCode = "200", description = "the group"),
                @ApiResponse(responseCode = "403", description = "FORBIDDEN: only members may see a group"),
                @ApiResponse(responseCode = "404", description = "NOT_FOUND: no such group")
            })
    @GetMapping("/api/v1/groups/{id}")
    Mono<GroupView> read(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        if (!OpaqueIds.isWellFormed(id)) {
            throw ApiException.notFound("no such group");
        }
        return blocking.call(() -> reading.read(new GroupId(id), UserId.of(caller.userId())))
                .map(reading -> {
                    if (reading instanceof Found found) {
                        return GroupView.of(found.group());
                    }
                    if (reading instanceof NotVisible) {
                        throw ApiException.forbidden("only members may see a group");
                    }
                    throw ApiException.notFound("no such group");
                });
    }
}
