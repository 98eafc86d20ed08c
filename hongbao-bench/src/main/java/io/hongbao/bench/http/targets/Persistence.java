package io.hongbao.bench.http.targets;

import java.util.List;

/**
 * What the persister did after a run.
 *
 * @param drainSeconds from the load stopping until every GRABBED answer was in the database (or the audit first
 *     passed, when the bench cannot read the database); negative if it never got there within the time limit
 * @param granted GRABBED answers the bench received over the run (warm-up included)
 * @param rowsInDatabase grab rows of the run's packets found in the database (-1: not read)
 * @param auditOk {@code GET /api/v1/admin/audit} answered ok
 * @param auditSeconds how long that audit call took
 * @param failedChecks the audit's failing checks, as "name: detail"
 */
public record Persistence(
        double drainSeconds,
        long granted,
        long rowsInDatabase,
        boolean auditOk,
        double auditSeconds,
        List<String> failedChecks) {}
