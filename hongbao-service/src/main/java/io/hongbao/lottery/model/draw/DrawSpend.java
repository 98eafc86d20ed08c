package io.hongbao.lottery.model.draw;

import io.hongbao.account.model.UserId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One draw's request to spend its wheel's draw cost, as a batch of draws spends them together (ADR 0079). */
public record DrawSpend(PendingDraw draw, long cost) {

    public DrawSpend {
        if (draw == null) {
            throw new IllegalArgumentException("a spend is for a draw");
        }
        if (cost < 0) {
            throw new IllegalArgumentException("a draw cannot cost " + cost + " points");
        }
    }

    /**
     * Which spends of a batch the drawers' points cover, deciding in the batch's order as if each spend were the
     * conditional debit {@code points >= cost} run alone after the ones before it: two draws of one user who can pay
     * for one spend once (the first). {@code points} holds each drawer's points before the batch (absent: none).
     */
    public static boolean[] covered(List<DrawSpend> spends, Map<UserId, Long> points) {
        Map<UserId, Long> left = new HashMap<>(points);
        boolean[] covered = new boolean[spends.size()];
        for (int i = 0; i < spends.size(); i++) {
            DrawSpend spend = spends.get(i);
            long has = left.getOrDefault(spend.draw().userId(), 0L);
            if (has >= spend.cost()) {
                left.put(spend.draw().userId(), has - spend.cost());
                covered[i] = true;
            }
        }
        return covered;
    }
}
