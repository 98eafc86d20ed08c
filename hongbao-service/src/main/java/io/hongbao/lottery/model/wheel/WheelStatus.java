package io.hongbao.lottery.model.wheel;

import java.util.List;

/** A wheel with each prize's tally, in the order the prizes were given. */
public record WheelStatus(Wheel wheel, List<PrizeTally> prizes) {}
