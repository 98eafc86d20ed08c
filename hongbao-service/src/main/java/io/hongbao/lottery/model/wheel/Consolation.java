package io.hongbao.lottery.model.wheel;

/** What a draw wins when no prize is released: a name and points credited back (possibly none). */
public record Consolation(String name, long points) {

    public Consolation {
        Names.check("consolation name", name);
        if (points < 0) {
            throw new IllegalArgumentException("consolation points are never negative: " + points);
        }
    }
}
