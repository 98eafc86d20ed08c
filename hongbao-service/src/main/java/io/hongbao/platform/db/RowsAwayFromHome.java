package io.hongbao.platform.db;

import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Finds rows kept on a database other than their home, for the audit checks of the features whose rows live on one
 * home shard named by an id ({@link DatabaseShards#ofId}; ADR 0088, 0093). Such a row is one the service never
 * writes (a leftover of copies to every shard, or a row put there by hand): a read that fans out over the shards would
 * list it twice, and the two may disagree. Each database is read directly, a page of ids at a time, until a few
 * offenders are found.
 */
public final class RowsAwayFromHome {

    /** A column holding the home's id; {@code what} names its rows in a finding ("row", "members", "units"). */
    public record Column(String table, String column, String what) {}

    /** How many ids of the first column were read over every database, and the rows found away from home. */
    public record Findings(long idsRead, List<String> offenders) {}

    private final EachDatabase databases;
    private final DatabaseShards shards;
    private final int pageSize;
    private final int maxOffenders;

    public RowsAwayFromHome(EachDatabase databases, DatabaseShards shards, int pageSize, int maxOffenders) {
        this.databases = databases;
        this.shards = shards;
        this.pageSize = pageSize;
        this.maxOffenders = maxOffenders;
    }

    /**
     * @param noun what the id is of, in a finding: "group b3f1… (members) on database 1, its home is database 0"
     * @param columns the first is the rows' own id (counted in {@link Findings#idsRead()})
     */
    public Findings find(String noun, List<Column> columns) {
        List<String> offenders = new ArrayList<>();
        long read = 0;
        for (int database = 0; database < databases.count() && offenders.size() < maxOffenders; database++) {
            for (int i = 0; i < columns.size(); i++) {
                long ids = awayFromHome(database, noun, columns.get(i), offenders);
                read += i == 0 ? ids : 0;
            }
        }
        return new Findings(read, offenders);
    }

    /** The ids {@code column} holds on {@code database} whose home is another; the number of ids read. */
    private long awayFromHome(int database, String noun, Column column, List<String> offenders) {
        long read = 0;
        String after = "";
        String select = "SELECT DISTINCT " + column.column() + " FROM " + column.table() + " WHERE " + column.column()
                + " > ? ORDER BY " + column.column() + " LIMIT ?";
        while (offenders.size() < maxOffenders) {
            String from = after;
            List<String> page = databases.on(
                    database,
                    (JdbcClient jdbc) -> jdbc.sql(select)
                            .params(from, pageSize)
                            .query(String.class)
                            .list());
            if (page.isEmpty()) {
                break;
            }
            read += page.size();
            for (String id : page) {
                int home = shards.ofId(id);
                if (home != database && offenders.size() < maxOffenders) {
                    offenders.add(noun + " " + id + " (" + column.what() + ") on database " + database
                            + ", its home is database " + home);
                }
            }
            after = page.get(page.size() - 1);
        }
        return read;
    }
}
