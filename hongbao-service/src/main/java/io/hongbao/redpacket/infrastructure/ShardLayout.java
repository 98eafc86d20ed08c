package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.RedPacketSettings.ShardTags;
import java.util.Locale;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The shard count and tag scheme the database's red packets were written with (table {@code redpacket_shard_layout},
 * ADR 0071). The first instance to start records its own; every start compares, and a configuration that disagrees
 * refuses to start: with another count, packets would be looked for in the wrong shard, live ones orphaned.
 */
public final class ShardLayout {

    private final JdbcClient jdbc;

    public ShardLayout(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A layout as recorded: how many shards, which tag scheme. */
    public record Layout(int shards, ShardTags tags) {}

    /**
     * Records {@code configured} if nothing is recorded yet (several instances starting at once: the first insert wins,
     * the others compare with it), then checks that it is what is recorded.
     *
     * @throws IllegalStateException naming the settings and both layouts when they differ
     */
    public void recordOrCheck(Layout configured) {
        jdbc.sql("INSERT IGNORE INTO redpacket_shard_layout (id, shards, tags) VALUES (1, ?, ?)")
                .params(configured.shards(), name(configured.tags()))
                .update();
        Layout recorded = jdbc.sql("SELECT shards, tags FROM redpacket_shard_layout WHERE id = 1")
                .query((rs, row) -> new Layout(
                        rs.getInt("shards"),
                        ShardTags.valueOf(rs.getString("tags").toUpperCase(Locale.ROOT))))
                .single();
        if (!recorded.equals(configured)) {
            throw new IllegalStateException(refusal(configured, recorded));
        }
    }

    public static String refusal(Layout configured, Layout recorded) {
        return "Refusing to start: hongbao.redpacket.shards is " + configured.shards()
                + " and hongbao.redpacket.shard-tags is " + name(configured.tags())
                + ", but this database's red packets were written with " + recorded.shards() + " shards and tags "
                + name(recorded.tags()) + " (table redpacket_shard_layout). The layout is fixed for the life of the"
                + " data: another one would look for packets in the wrong shards. Set hongbao.redpacket.shards="
                + recorded.shards() + " and hongbao.redpacket.shard-tags=" + name(recorded.tags())
                + " (environment HONGBAO_REDPACKET_SHARDS=" + recorded.shards() + " and HONGBAO_REDPACKET_SHARDTAGS="
                + name(recorded.tags()) + "). ADR 0071 says why.";
    }

    private static String name(ShardTags tags) {
        return tags.name().toLowerCase(Locale.ROOT);
    }
}
