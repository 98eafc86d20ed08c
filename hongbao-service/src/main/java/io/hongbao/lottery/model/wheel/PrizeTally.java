package io.hongbao.lottery.model.wheel;

/** A prize's numbers at one moment: {@code won ≤ released ≤ stock}. */
public record PrizeTally(Prize prize, long released, long won) {}
