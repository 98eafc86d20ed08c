package io.hongbao.campaign.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.CampaignRound;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.group.model.GroupId;
import io.hongbao.redpacket.model.PacketId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link Campaigns} in MariaDB/MySQL: a row per campaign, per round and per pool, on the campaign's home database.
 * The campaign row keeps the last round's end ({@code ends_at}) so that a reader of the campaigns alone sees when it
 * is over.
 */
public final class JdbcCampaigns implements Campaigns {

    private static final int ROWS_PER_INSERT = 500;
    private static final String COLUMNS = "id, sponsor_id, greeting, total, shares, min_share, max_share, pools,"
            + " group_id, once_per, opened_at, ends_at";

    private final JdbcClient jdbc;

    public JdbcCampaigns(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void add(Campaign campaign, List<CampaignPools> rounds) {
        ShareRule.RandomBetween bounds = campaign.rule() instanceof ShareRule.RandomBetween between ? between : null;
        jdbc.sql("INSERT INTO campaigns (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        campaign.id().value(),
                        campaign.sponsor().value(),
                        campaign.greeting(),
                        campaign.total(),
                        campaign.shares(),
                        bounds == null ? null : bounds.min(),
                        bounds == null ? null : bounds.max(),
                        campaign.pools(),
                        campaign.audience() == null ? null : campaign.audience().value(),
                        campaign.oncePer().name(),
                        toSql(campaign.openedAt()),
                        toSql(campaign.endsAt()))
                .update();
        for (CampaignRound round : campaign.rounds()) {
            jdbc.sql("INSERT INTO campaign_rounds (campaign_id, round, starts_at, ends_at, shares)"
                            + " VALUES (?, ?, ?, ?, ?)")
                    .params(
                            campaign.id().value(),
                            round.index(),
                            toSql(round.startsAt()),
                            toSql(round.endsAt()),
                            round.shares())
                    .update();
        }
        for (CampaignPools round : rounds) {
            addPools(round);
        }
    }

    private void addPools(CampaignPools round) {
        List<PacketId> packets = round.pools();
        for (int from = 0; from < packets.size(); from += ROWS_PER_INSERT) {
            int to = Math.min(packets.size(), from + ROWS_PER_INSERT);
            List<Object> params = new ArrayList<>();
            for (int pool = from; pool < to; pool++) {
                params.add(round.campaign().value());
                params.add(round.round());
                params.add(pool);
                params.add(packets.get(pool).value());
            }
            jdbc.sql("INSERT INTO campaign_pools (campaign_id, round, pool, packet_id) VALUES "
                            + String.join(", ", Collections.nCopies(to - from, "(?, ?, ?, ?)")))
                    .params(params)
                    .update();
        }
    }

    @Override
    public Optional<Campaign> find(CampaignId id) {
        // The rounds first: no query runs while another's rows are read.
        List<CampaignRound> rounds = rounds(id);
        return jdbc.sql("SELECT " + COLUMNS + " FROM campaigns WHERE id = ?")
                .param(id.value())
                .query((rs, row) -> campaign(rs).apply(rounds))
                .optional();
    }

    @Override
    public Optional<LiveCampaign> live(CampaignId id) {
        return find(id).map(campaign -> {
            Map<Integer, List<PacketId>> pools = new TreeMap<>();
            jdbc.sql("SELECT round, packet_id FROM campaign_pools WHERE campaign_id = ? ORDER BY round, pool")
                    .param(id.value())
                    .query(rs -> {
                        pools.computeIfAbsent(rs.getInt("round"), round -> new ArrayList<>())
                                .add(new PacketId(rs.getString("packet_id")));
                    });
            List<CampaignPools> rounds = campaign.rounds().stream()
                    .map(round -> new CampaignPools(
                            id, round.index(), pools.get(round.index()), round.startsAt(), round.endsAt()))
                    .toList();
            return new LiveCampaign(id, campaign.oncePer(), rounds);
        });
    }

    @Override
    public List<Campaign> newest(int limit) {
        // Two queries whatever the limit: the campaigns, then all their rounds.
        List<CampaignRow> rows = jdbc.sql(
                        "SELECT " + COLUMNS + " FROM campaigns ORDER BY opened_at DESC, id DESC LIMIT ?")
                .param(limit)
                .query((rs, row) -> new CampaignRow(new CampaignId(rs.getString("id")), campaign(rs)))
                .list();
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, List<CampaignRound>> rounds = new HashMap<>();
        jdbc.sql("SELECT campaign_id, round, starts_at, ends_at, shares FROM campaign_rounds WHERE campaign_id IN ("
                        + String.join(", ", Collections.nCopies(rows.size(), "?")) + ") ORDER BY campaign_id, round")
                .params(rows.stream().map(row -> row.id().value()).toList())
                .query(rs -> {
                    rounds.computeIfAbsent(rs.getString("campaign_id"), id -> new ArrayList<>())
                            .add(round(rs));
                });
        return rows.stream()
                .map(row -> row.withRounds().apply(rounds.getOrDefault(row.id().value(), List.of())))
                .toList();
    }

    /** A campaign's row, read before its rounds are: no query runs while another's rows are read. */
    private record CampaignRow(CampaignId id, Function<List<CampaignRound>, Campaign> withRounds) {}

    private List<CampaignRound> rounds(CampaignId id) {
        return jdbc.sql("SELECT round, starts_at, ends_at, shares FROM campaign_rounds WHERE campaign_id = ?"
                        + " ORDER BY round")
                .param(id.value())
                .query((rs, row) -> round(rs))
                .list();
    }

    private static CampaignRound round(ResultSet rs) throws SQLException {
        return new CampaignRound(
                rs.getInt("round"), fromSql(rs, "starts_at"), fromSql(rs, "ends_at"), rs.getInt("shares"));
    }

    /** The campaign of the current row, once given its rounds. */
    private static Function<List<CampaignRound>, Campaign> campaign(ResultSet rs) throws SQLException {
        long min = rs.getLong("min_share");
        ShareRule rule =
                rs.wasNull() ? new ShareRule.Equal() : new ShareRule.RandomBetween(min, rs.getLong("max_share"));
        String group = rs.getString("group_id");
        CampaignId id = new CampaignId(rs.getString("id"));
        UserId sponsor = UserId.of(rs.getLong("sponsor_id"));
        String greeting = rs.getString("greeting");
        long total = rs.getLong("total");
        int shares = rs.getInt("shares");
        int pools = rs.getInt("pools");
        OncePer oncePer = OncePer.valueOf(rs.getString("once_per"));
        Instant openedAt = fromSql(rs, "opened_at");
        return rounds -> new Campaign(
                id,
                sponsor,
                greeting,
                total,
                shares,
                rule,
                pools,
                rounds,
                group == null ? null : new GroupId(group),
                oncePer,
                openedAt);
    }
}
