package io.hongbao.lottery.model.release;

/**
 * The stated tolerance of a placed hour against its ideal share ({@code stock × weight / total weight}): within
 * {@code max(3 units, 4%)}. Each hour's count is its remaining share rounded stochastically, off by less than one unit;
 * earlier roundings shift the remaining stock, and the later hours absorb that drift, which grows like the square root
 * of the number of hours (a few units over days).
 */
public final class ReleasePlanTolerance {

    private ReleasePlanTolerance() {}

    public static double unitsOff(double ideal) {
        return Math.max(3.0, ideal * 0.04);
    }
}
