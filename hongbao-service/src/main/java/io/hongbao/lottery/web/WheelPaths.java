package io.hongbao.lottery.web;

/** Paths of the lottery routes that other parts of the feature name (its limited routes). */
public final class WheelPaths {

    /** Drawing on a wheel: {@code POST}. */
    public static final String DRAW = "/api/v1/wheels/{id}/draw";

    private WheelPaths() {}
}
