package io.hongbao.redpacket.infrastructure.checks;

import static io.hongbao.redpacket.infrastructure.checks.AuditedPackets.placeholders;

import io.hongbao.platform.collections.Chunks;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The grabs the database has recorded for some packets, as the audit compares them: packet → user → amount. */
final class RecordedGrabs {

    private static final int PACKETS_PER_STATEMENT = 500;

    private final JdbcClient jdbc;

    RecordedGrabs(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Map<String, Map<Long, Long>> of(Collection<String> packets) {
        Map<String, Map<Long, Long>> grabs = new HashMap<>();
        for (List<String> chunk : Chunks.of(List.copyOf(packets), PACKETS_PER_STATEMENT)) {
            jdbc.sql("SELECT packet_id, user_id, amount FROM packet_grabs WHERE packet_id IN ("
                            + placeholders(chunk.size()) + ")")
                    .params(List.copyOf(chunk))
                    .query(rs -> {
                        grabs.computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                                .put(rs.getLong(2), rs.getLong(3));
                    });
        }
        return grabs;
    }

    /** Whether {@code grabs} holds that grab for exactly that amount. */
    static boolean holds(Map<String, Map<Long, Long>> grabs, String packet, long user, long amount) {
        Long recorded = grabs.getOrDefault(packet, Map.of()).get(user);
        return recorded != null && recorded == amount;
    }
}
