package io.hongbao.platform.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Instants stored as {@code DATETIME(3)} in UTC. Going through {@link LocalDateTime} at UTC keeps the JVM's and the
 * server's time zones out of it.
 */
public final class SqlTime {

    private SqlTime() {}

    public static LocalDateTime toSql(Instant instant) {
        return LocalDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }

    public static Instant fromSql(ResultSet rs, String column) throws SQLException {
        LocalDateTime value = rs.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }
}
