package io.hongbao.group.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.RowsAwayFromHome;
import io.hongbao.platform.db.RowsAwayFromHome.Column;
import java.util.List;

/**
 * {@code groups-at-home}: every group's row and member rows are on its home database and nowhere else (ADR 0088). A
 * group found on another database is a copy the service never writes (a leftover of the broadcast copies, or a row put
 * there by hand): a read that fans out over the shards would list it twice, and the two may disagree. The first few
 * offenders are named. With one database it passes without reading.
 */
public final class GroupsAtHomeCheck implements AuditCheck {

    private static final int OFFENDERS = 5;
    private static final List<Column> COLUMNS =
            List.of(new Column("chat_groups", "id", "row"), new Column("group_members", "group_id", "members"));

    private final EachDatabase databases;
    private final RowsAwayFromHome rows;

    public GroupsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        this.databases = databases;
        this.rows = new RowsAwayFromHome(databases, shards, paging.pageSize(), OFFENDERS);
    }

    @Override
    public String name() {
        return "groups-at-home";
    }

    @Override
    public AuditResult run() {
        if (databases.count() == 1) {
            // Every id's home is the one database: reading every group would find nothing, at a cost growing with them.
            return AuditResult.passed("one database: every group is at home");
        }
        RowsAwayFromHome.Findings found = rows.find("group", COLUMNS);
        return found.offenders().isEmpty()
                ? AuditResult.passed(found.idsRead() + " groups, each on its home database only")
                : AuditResult.failed(String.join("; ", found.offenders()));
    }
}
