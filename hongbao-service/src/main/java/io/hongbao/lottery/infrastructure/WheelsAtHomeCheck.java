package io.hongbao.lottery.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.RowsAwayFromHome;
import io.hongbao.platform.db.RowsAwayFromHome.Column;
import java.util.List;

/**
 * {@code wheels-at-home}: every wheel's row, prizes, hours and units are on its home database and nowhere else (ADR
 * 0093). A wheel's rows found on another database are a copy the service never writes (a leftover of the copies to
 * every shard, or rows put there by hand): the fan-out reads (the newest wheels, the hours to publish) would see the
 * wheel twice, and the copies may disagree. The first few offenders are named. With one database it passes without
 * reading.
 */
public final class WheelsAtHomeCheck implements AuditCheck {

    private static final int OFFENDERS = 5;
    private static final List<Column> COLUMNS = List.of(
            new Column("lottery_wheels", "id", "row"),
            new Column("lottery_prizes", "wheel_id", "prizes"),
            new Column("lottery_hours", "wheel_id", "hours"),
            new Column("lottery_units", "wheel_id", "units"));

    private final EachDatabase databases;
    private final RowsAwayFromHome rows;

    public WheelsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        this.databases = databases;
        this.rows = new RowsAwayFromHome(databases, shards, paging.pageSize(), OFFENDERS);
    }

    @Override
    public String name() {
        return "wheels-at-home";
    }

    @Override
    public AuditResult run() {
        if (databases.count() == 1) {
            return AuditResult.passed("one database: every wheel is at home");
        }
        RowsAwayFromHome.Findings found = rows.find("wheel", COLUMNS);
        return found.offenders().isEmpty()
                ? AuditResult.passed(found.idsRead() + " wheels, each on its home database only")
                : AuditResult.failed(String.join("; ", found.offenders()));
    }
}
