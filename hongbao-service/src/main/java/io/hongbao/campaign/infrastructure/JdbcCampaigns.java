package io.hongbao.campaign.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.redpacket.model.PacketId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@link Campaigns} in MariaDB/MySQL: a row per campaign and a row per pool, on the campaign's home database. */
public final class JdbcCampaigns implements Campaigns {

    private static final int ROWS_PER_INSERT = 500;
    private static final String COLUMNS =
            "id, sponsor_id, greeting, total, shares, min_share, max_share, pools, opened_at, ends_at";

    private final JdbcClient jdbc;

    public JdbcCampaigns(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void add(Campaign campaign, CampaignPools pools) {
        ShareRule.RandomBetween bounds = campaign.rule() instanceof ShareRule.RandomBetween between ? between : null;
        jdbc.sql("INSERT INTO campaigns (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        campaign.id().value(),
                        campaign.sponsor().value(),
                        campaign.greeting(),
                        campaign.total(),
                        campaign.shares(),
                        bounds == null ? null : bounds.min(),
                        bounds == null ? null : bounds.max(),
                        campaign.pools(),
                        toSql(campaign.openedAt()),
                        toSql(campaign.endsAt()))
                .update();
        List<PacketId> packets = pools.pools();
        for (int from = 0; from < packets.size(); from += ROWS_PER_INSERT) {
            int to = Math.min(packets.size(), from + ROWS_PER_INSERT);
            List<Object> params = new ArrayList<>();
            for (int pool = from; pool < to; pool++) {
                params.add(campaign.id().value());
                params.add(pool);
                params.add(packets.get(pool).value());
            }
            jdbc.sql("INSERT INTO campaign_pools (campaign_id, pool, packet_id) VALUES "
                            + String.join(", ", Collections.nCopies(to - from, "(?, ?, ?)")))
                    .params(params)
                    .update();
        }
    }

    @Override
    public Optional<Campaign> find(CampaignId id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM campaigns WHERE id = ?")
                .param(id.value())
                .query((rs, row) -> campaign(rs))
                .optional();
    }

    @Override
    public Optional<CampaignPools> pools(CampaignId id) {
        return find(id).map(campaign -> new CampaignPools(
                id,
                jdbc.sql("SELECT packet_id FROM campaign_pools WHERE campaign_id = ? ORDER BY pool")
                        .param(id.value())
                        .query((rs, row) -> new PacketId(rs.getString("packet_id")))
                        .list(),
                campaign.endsAt()));
    }

    @Override
    public List<Campaign> newest(int limit) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM campaigns ORDER BY opened_at DESC, id DESC LIMIT ?")
                .param(limit)
                .query((rs, row) -> campaign(rs))
                .list();
    }

    private static Campaign campaign(ResultSet rs) throws SQLException {
        long min = rs.getLong("min_share");
        ShareRule rule =
                rs.wasNull() ? new ShareRule.Equal() : new ShareRule.RandomBetween(min, rs.getLong("max_share"));
        return new Campaign(
                new CampaignId(rs.getString("id")),
                UserId.of(rs.getLong("sponsor_id")),
                rs.getString("greeting"),
                rs.getLong("total"),
                rs.getInt("shares"),
                rule,
                rs.getInt("pools"),
                fromSql(rs, "opened_at"),
                fromSql(rs, "ends_at"));
    }
}
