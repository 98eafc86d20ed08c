package io.hongbao.group.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code groups-at-home}: every group's row and member rows are on its home database and nowhere else (ADR 0088). A
 * group found on another database is a copy the service never writes (a leftover of the broadcast copies, or a row put
 * there by hand): a read that fans out over the shards would list it twice, and the two may disagree. Each database is
 * read directly, a page of ids at a time, and the first few offenders are named. With one database it passes without
 * reading.
 */
public final class GroupsAtHomeCheck implements AuditCheck {

    private static final int OFFENDERS = 5;

    private final EachDatabase databases;
    private final DatabaseShards shards;
    private final int pageSize;

    public GroupsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        this.databases = databases;
        this.shards = shards;
        this.pageSize = paging.pageSize();
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
        List<String> offenders = new ArrayList<>();
        long groups = 0;
        for (int database = 0; database < databases.count() && offenders.size() < OFFENDERS; database++) {
            groups += awayFromHome(database, "SELECT id FROM chat_groups", "id", offenders);
            awayFromHome(database, "SELECT DISTINCT group_id FROM group_members", "group_id", offenders);
        }
        return offenders.isEmpty()
                ? AuditResult.passed(groups + " groups, each on its home database only")
                : AuditResult.failed(String.join("; ", offenders));
    }

    /** The ids {@code select} finds on {@code database} whose home is another; the number of ids read. */
    private long awayFromHome(int database, String select, String column, List<String> offenders) {
        long read = 0;
        String after = "";
        while (offenders.size() < OFFENDERS) {
            String from = after;
            List<String> page = databases.on(
                    database,
                    (JdbcClient jdbc) -> jdbc.sql(select + " WHERE " + column + " > ? ORDER BY " + column + " LIMIT ?")
                            .params(from, pageSize)
                            .query(String.class)
                            .list());
            if (page.isEmpty()) {
                break;
            }
            read += page.size();
            for (String id : page) {
                int home = shards.ofId(id);
                if (home != database && offenders.size() < OFFENDERS) {
                    offenders.add("group " + id + " (" + (column.equals("id") ? "row" : "members") + ") on database "
                            + database + ", its home is database " + home);
                }
            }
            after = page.get(page.size() - 1);
        }
        return read;
    }
}
