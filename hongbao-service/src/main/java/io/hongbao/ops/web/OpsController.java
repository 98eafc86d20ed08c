package io.hongbao.ops.web;

import io.hongbao.ops.application.ReadingOperations;
import io.hongbao.platform.db.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/admin/ops} (admin only, by the path): the operator dashboard's one call, polled every second
 * (docs/api.md, Operations; ADR 0077).
 */
@RestController
@Tag(name = "Operations", description = "Health, metrics and the audit")
class OpsController {

    private final ReadingOperations reading;
    private final Blocking blocking;

    OpsController(ReadingOperations reading, Blocking blocking) {
        this.reading = reading;
        this.blocking = blocking;
    }

    @Operation(
            operationId = "ops",
            summary = "The whole deployment at a glance (admin)",
            description = "What the operator dashboard at /ops polls every second: the instances up (seen within 5"
                    + " s) with their grabs, draws and outcomes per second and grab latency p50/p99 over their last"
                    + " second, the deployment's totals, the persister's backlog and lag per shard, the dead letters,"
                    + " the last periodic audit, and Redis' durability settings. Each instance publishes its own"
                    + " figures to Redis every second; the persister's progress and Redis' settings are read at most"
                    + " once a second per instance.",
            responses = @ApiResponse(responseCode = "200", description = "the snapshot"))
    @GetMapping("/api/v1/admin/ops")
    Mono<OpsView> ops() {
        return blocking.call(() -> OpsView.of(reading.now()));
    }
}
