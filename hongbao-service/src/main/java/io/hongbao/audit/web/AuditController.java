package io.hongbao.audit.web;

import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.application.RunningAudit.AuditReport;
import io.hongbao.platform.db.Blocking;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/admin/audit} (admin only, by the path): {@code {"ok", "checks": [{"name", "ok", "detail"}]}}. */
@RestController
@Tag(name = "Operations", description = "Health, metrics and the audit")
class AuditController {

    private final RunningAudit audit;
    private final Blocking blocking;

    AuditController(RunningAudit audit, Blocking blocking) {
        this.audit = audit;
        this.blocking = blocking;
    }

    @Operation(
            operationId = "audit",
            summary = "Check the invariants on live data (admin)",
            description = "Money conservation across accounts and open packets, every packet's grabs + refund +"
                    + " remaining = total, every grab recorded once, Redis and the database in agreement, and the"
                    + " lottery's stock. `ok` is true when every check is.",
            responses = @ApiResponse(responseCode = "200", description = "the checks and their verdicts"))
    @GetMapping("/api/v1/admin/audit")
    Mono<AuditReport> audit() {
        return blocking.call(audit::run);
    }
}
