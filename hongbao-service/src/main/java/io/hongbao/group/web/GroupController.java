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
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** docs/api.md, Groups. */
@RestController
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

    @PostMapping("/api/v1/groups")
    Mono<ResponseEntity<GroupView>> create(
            @AuthenticationPrincipal Caller caller,
            @RequestHeader(name = IdempotencyKey.HEADER, required = false) String key,
            @RequestBody GroupRequest body) {
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
