package io.hongbao.lottery.model.wheel;

import io.hongbao.lottery.model.PrizeId;

/** A prize of a wheel and how many units of it the campaign releases in all. */
public record Prize(PrizeId id, String name, int stock) {

    public Prize {
        Names.check("prize name", name);
        if (stock < 0) {
            throw new IllegalArgumentException("stock is never negative: " + stock);
        }
    }
}
