package io.hongbao.lottery.model;

/**
 * One unit of a prize's stock: the {@code seq}-th unit of the prize (1-based). Its text form {@code prizeId#seq} is
 * the member of the wheel's pool in Redis.
 */
public record UnitRef(PrizeId prizeId, int seq) {

    public UnitRef {
        if (seq < 1) {
            throw new IllegalArgumentException("unit numbers start at 1: " + seq);
        }
    }

    public static UnitRef parse(String member) {
        int hash = member.lastIndexOf('#');
        if (hash < 0) {
            throw new IllegalArgumentException("not a prize unit: " + member);
        }
        return new UnitRef(new PrizeId(member.substring(0, hash)), Integer.parseInt(member.substring(hash + 1)));
    }

    public String member() {
        return prizeId.value() + "#" + seq;
    }
}
