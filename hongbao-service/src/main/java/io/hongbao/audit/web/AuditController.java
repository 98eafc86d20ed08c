package io.hongbao.audit.web;

import io.hongbao.audit.application.AuditScopes;
import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.application.RunningAudit.AuditReport;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.web.ApiException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/admin/audit[?scope=full|recent]} (admin only, by the path):
 * {@code {"ok", "scope", "checks": [{"name", "ok", "detail"}]}}. Asked for by hand, it is the full audit unless told
 * otherwise: whoever asks wants every packet looked at, while the cheap recent one already runs periodically (ADR 0068).
 */
@RestController
@Tag(name = "Operations", description = "Health, metrics and the audit")
class AuditController {

    private final RunningAudit audit;
    private final AuditScopes scopes;
    private final Blocking blocking;

    AuditController(RunningAudit audit, AuditScopes scopes, Blocking blocking) {
        this.audit = audit;
        this.scopes = scopes;
        this.blocking = blocking;
    }

    @Operation(
            operationId = "audit",
            summary = "Check the invariants on live data (admin)",
            description = "Money conservation across accounts and open packets, every packet's grabs + refund +"
                    + " remaining = total, every grab recorded once, Redis and the database in agreement, and the"
                    + " lottery's stock. `ok` is true when every check is. The data is read in pages, in bounded"
                    + " memory; one audit runs at a time, a second waits for the first.",
            responses = @ApiResponse(responseCode = "200", description = "the checks and their verdicts"))
    @GetMapping("/api/v1/admin/audit")
    Mono<AuditReport> audit(
            @Parameter(
                            description = "`full` (the default) checks every packet one by one. `recent` checks one by"
                                    + " one only the packets still open or closed within `hongbao.audit.recent-window`"
                                    + " (1 hour by default), and all the others through totals: what the periodic"
                                    + " audit runs, much cheaper on a long history.",
                            schema = @Schema(allowableValues = {"full", "recent"}))
                    @RequestParam(required = false)
                    String scope) {
        // No defaultValue: Spring would give it to an empty `scope=` too, which is a malformed request, not an absent
        // one.
        AuditScope chosen = scopes.named(scope == null ? "full" : scope)
                .orElseThrow(() -> ApiException.validation("scope must be full or recent"));
        return blocking.call(() -> audit.run(chosen));
    }
}
