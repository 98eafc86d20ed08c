package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.UnitRef;

/** What the pool answered a draw. */
public sealed interface PoolTake permits PoolTake.Unit, PoolTake.Nothing, PoolTake.NotLoaded {

    /** The earliest released unwon unit, now this draw's. */
    record Unit(UnitRef unit) implements PoolTake {}

    /** Nothing released and unwon: the consolation. */
    record Nothing() implements PoolTake {}

    /** Redis lost the wheel's pool; nothing was decided. Load the pool from the database and ask again. */
    record NotLoaded() implements PoolTake {}
}
