package io.hongbao.audit.web;

import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.application.RunningAudit.AuditReport;
import io.hongbao.platform.db.Blocking;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/admin/audit} (admin only, by the path): {@code {"ok", "checks": [{"name", "ok", "detail"}]}}. */
@RestController
class AuditController {

    private final RunningAudit audit;
    private final Blocking blocking;

    AuditController(RunningAudit audit, Blocking blocking) {
        this.audit = audit;
        this.blocking = blocking;
    }

    @GetMapping("/api/v1/admin/audit")
    Mono<AuditReport> audit() {
        return blocking.call(audit::run);
    }
}
