package io.hongbao.ops.application;

/** The Redis servers' durability settings, read from them (blocking). */
public interface RedisDurability {

    OpsSnapshot.Redis read();
}
