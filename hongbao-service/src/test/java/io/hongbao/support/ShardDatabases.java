package io.hongbao.support;

import io.hongbao.platform.storage.StorageEndpoints;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Database shards for a service of the test's own, as databases beside the test's on the test's MariaDB (as
 * {@code ShardRoutingIT} has them): no server of their own to start. Each is dropped first, so the service migrates
 * it from nothing, and each can be asked directly, beside ShardingSphere.
 */
public final class ShardDatabases {

    /** Connections per shard of a service on these shards: enough for its persister lanes (two per database). */
    private static final int POOL_SIZE = 4;

    private static final Pattern DATABASE_IN_URL = Pattern.compile("^(jdbc:mariadb://[^/]+/)([^?]*)(.*)$");

    private final StorageEndpoints storage;
    private final List<String> names;
    private final List<String> urls;

    private ShardDatabases(StorageEndpoints storage, List<String> names, List<String> urls) {
        this.storage = storage;
        this.names = names;
        this.urls = urls;
    }

    /** {@code count} empty databases {@code <test's database>_<suffix><n>}. */
    public static ShardDatabases fresh(StorageEndpoints storage, String suffix, int count) throws SQLException {
        Matcher url = DATABASE_IN_URL.matcher(storage.jdbcUrl());
        if (!url.matches()) {
            throw new IllegalStateException("no database in " + storage.jdbcUrl());
        }
        String options = url.group(3).contains("createDatabaseIfNotExist")
                ? url.group(3)
                : (url.group(3).isEmpty() ? "?" : url.group(3) + "&") + "createDatabaseIfNotExist=true";
        List<String> names = IntStream.range(0, count)
                .mapToObj(shard -> url.group(2) + "_" + suffix + shard)
                .toList();
        List<String> urls = new ArrayList<>();
        for (String name : names) {
            urls.add(url.group(1) + name + options);
        }
        ShardDatabases databases = new ShardDatabases(storage, names, List.copyOf(urls));
        for (int shard = 0; shard < count; shard++) {
            databases.execute(shard, "DROP DATABASE IF EXISTS " + names.get(shard));
        }
        return databases;
    }

    /**
     * The service's arguments for these shards, in order. The pools stay small ({@link #POOL_SIZE} connections per
     * shard, not the default 16): these shards share the test's MariaDB with both test JVMs' own contexts and the
     * other tests' shards, and a MariaDB left at its default {@code max_connections} (151) refused connections once a
     * four-shard and a two-shard service ran beside them.
     */
    public List<String> serviceArguments() {
        return serviceArguments(urls);
    }

    /**
     * The same for a service on {@code shardUrls} (some of these, or these in another order: a start the service must
     * refuse).
     */
    public List<String> serviceArguments(List<String> shardUrls) {
        return List.of(
                "--hongbao.db.shards=" + String.join(",", shardUrls),
                "--hongbao.db.pool-size=" + POOL_SIZE,
                "--hongbao.db.user=" + storage.dbUser(),
                "--hongbao.db.password=" + storage.dbPassword());
    }

    /** Their JDBC URLs, in order: what {@code hongbao.db.shards} lists. */
    public List<String> urls() {
        return urls;
    }

    public String name(int shard) {
        return names.get(shard);
    }

    public Connection connect(int shard) throws SQLException {
        return DriverManager.getConnection(urls.get(shard), storage.dbUser(), storage.dbPassword());
    }

    public void execute(int shard, String sql) throws SQLException {
        try (Connection db = connect(shard);
                Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    /** The first column of every row {@code query} answers on the shard. */
    public List<Long> numbers(int shard, String query) throws SQLException {
        try (Connection db = connect(shard);
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            List<Long> numbers = new ArrayList<>();
            while (rows.next()) {
                numbers.add(rows.getLong(1));
            }
            return numbers;
        }
    }

    /** The first column of the one row {@code query} answers on the shard. */
    public String text(int shard, String query) throws SQLException {
        try (Connection db = connect(shard);
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            if (!rows.next()) {
                throw new IllegalStateException(query + " answered no row");
            }
            return rows.getString(1);
        }
    }

    public long count(int shard, String query) throws SQLException {
        List<Long> answer = numbers(shard, query);
        if (answer.size() != 1) {
            throw new IllegalStateException(query + " answered " + answer.size() + " rows");
        }
        return answer.get(0);
    }
}
