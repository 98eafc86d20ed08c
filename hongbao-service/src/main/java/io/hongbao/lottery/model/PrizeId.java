package io.hongbao.lottery.model;

import java.util.UUID;

/** One prize of a wheel (all units of it share the id). */
public record PrizeId(String value) {

    public PrizeId {
        if (!LotteryIds.isUuid(value)) {
            throw new IllegalArgumentException("not a prize id: " + value);
        }
    }

    public static PrizeId random() {
        return new PrizeId(UUID.randomUUID().toString());
    }
}
