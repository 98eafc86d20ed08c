package io.hongbao.lottery.model;

import java.util.UUID;

/** One draw: chosen before any point is spent, so every later step can be repeated safely by this id. */
public record DrawId(String value) {

    public DrawId {
        if (!LotteryIds.isUuid(value)) {
            throw new IllegalArgumentException("not a draw id: " + value);
        }
    }

    public static DrawId random() {
        return new DrawId(UUID.randomUUID().toString());
    }
}
