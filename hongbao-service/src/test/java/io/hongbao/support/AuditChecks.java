package io.hongbao.support;

import java.util.List;
import java.util.Map;

/** Reading the body of {@code GET /api/v1/admin/audit} ({@link Api#audit()}) in tests. */
public final class AuditChecks {

    private AuditChecks() {}

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> checks(Map<String, Object> audit) {
        return (List<Map<String, Object>>) audit.get("checks");
    }

    /** The check of that name; fails the test when the audit has no such check. */
    public static Map<String, Object> check(Map<String, Object> audit, String name) {
        return checks(audit).stream()
                .filter(c -> name.equals(c.get("name")))
                .findFirst()
                .orElseThrow();
    }
}
