package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.PrizeId;

/** How much of a prize's stock is already placed into hours; the rest is still to be released. */
public record PrizeStock(PrizeId id, int stock, int placed) {

    public PrizeStock {
        if (placed < 0 || placed > stock) {
            throw new IllegalArgumentException("placed must be 0.." + stock + ": " + placed);
        }
    }

    public int unplaced() {
        return stock - placed;
    }

    public PrizeStock place(int units) {
        return new PrizeStock(id, stock, placed + units);
    }
}
