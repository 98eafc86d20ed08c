package io.hongbao.audit.model;

/**
 * How the checks read data too large to hold: pages of at most {@code pageSize} rows (packets, wheels), read by
 * keyset (the next page starts after the last id of this one), and no more than that many Redis calls in flight.
 */
public record AuditPaging(int pageSize) {

    public AuditPaging {
        if (pageSize < 1) {
            throw new IllegalArgumentException("an audit page holds at least one row, not " + pageSize);
        }
    }
}
