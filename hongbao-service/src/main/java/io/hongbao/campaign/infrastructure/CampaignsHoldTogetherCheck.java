package io.hongbao.campaign.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.EachDatabase;
import java.util.List;

/**
 * Invariant 9 in the database (ADR 0103): no person holds two shares of one campaign (of one round, for a campaign of
 * one share per round), whatever pools they came from; and every campaign's pools add up to its total and its shares,
 * so nothing was funded or cut twice or lost. The pools are packets, so the packets' own checks cover each pool's
 * money; this one covers what ties them together. A campaign's rows and its pools live on its home database, so each
 * database answers for its own campaigns, in one statement each.
 */
public final class CampaignsHoldTogetherCheck implements AuditCheck {

    private final EachDatabase databases;

    public CampaignsHoldTogetherCheck(EachDatabase databases) {
        this.databases = databases;
    }

    @Override
    public String name() {
        return "campaigns-hold-together";
    }

    @Override
    public AuditResult run() {
        List<Found> found = databases.inSnapshots(jdbc -> jdbc.sql("SELECT"
                        + " (SELECT COUNT(*) FROM campaigns),"
                        // People holding more than one share of one campaign, or of one round with ROUND.
                        + " (SELECT COUNT(*) FROM (SELECT 1 FROM campaign_pools cp"
                        + "   JOIN campaigns c ON c.id = cp.campaign_id"
                        + "   JOIN packet_grabs g ON g.packet_id = cp.packet_id"
                        + "   GROUP BY cp.campaign_id, CASE WHEN c.once_per = 'ROUND' THEN cp.round ELSE -1 END,"
                        + "   g.user_id HAVING COUNT(*) > 1) twice),"
                        // Campaigns whose pools do not add up to their total and shares.
                        + " (SELECT COUNT(*) FROM (SELECT 1 FROM campaigns c"
                        + "   LEFT JOIN campaign_pools cp ON cp.campaign_id = c.id"
                        + "   LEFT JOIN red_packets p ON p.id = cp.packet_id"
                        + "   GROUP BY c.id, c.total, c.shares"
                        + "   HAVING COALESCE(SUM(p.total_amount), 0) <> c.total"
                        + "   OR COALESCE(SUM(p.share_count), 0) <> c.shares) apart)")
                .query((rs, row) -> new Found(rs.getLong(1), rs.getLong(2), rs.getLong(3)))
                .single());
        Found all = found.stream().reduce(new Found(0, 0, 0), Found::plus);
        String figures = all.campaigns() + " campaigns: " + all.twice() + " people with two shares of one, "
                + all.apart() + " whose pools do not add up to their total and shares";
        return all.twice() == 0 && all.apart() == 0 ? AuditResult.passed(figures) : AuditResult.failed(figures);
    }

    private record Found(long campaigns, long twice, long apart) {
        Found plus(Found other) {
            return new Found(campaigns + other.campaigns, twice + other.twice, apart + other.apart);
        }
    }
}
