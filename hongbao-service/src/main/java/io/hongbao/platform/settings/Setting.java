package io.hongbao.platform.settings;

import java.time.Duration;

/**
 * Checks for the settings records. Every default is written once, in {@code application.yml}, which every context of
 * the service loads; a record only checks that its values are there and make sense, so a setting lost on the way
 * (a typo, a replaced configuration file) stops the start with its name instead of running on a silent fallback.
 */
public final class Setting {

    private Setting() {}

    public static <T> T present(T value, String key) {
        if (value == null) {
            throw new IllegalArgumentException(key + " must be set (application.yml has its default)");
        }
        return value;
    }

    public static Duration positive(Duration value, String key) {
        if (present(value, key).isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " must be a positive duration, not " + value);
        }
        return value;
    }

    public static Duration notNegative(Duration value, String key) {
        if (present(value, key).isNegative()) {
            throw new IllegalArgumentException(key + " must not be negative, not " + value);
        }
        return value;
    }

    public static int positive(int value, String key) {
        if (value <= 0) {
            throw new IllegalArgumentException(
                    key + " must be positive (application.yml has its default), not " + value);
        }
        return value;
    }

    public static long positive(long value, String key) {
        if (value <= 0) {
            throw new IllegalArgumentException(
                    key + " must be positive (application.yml has its default), not " + value);
        }
        return value;
    }

    public static long notNegative(Long value, String key) {
        if (present(value, key) < 0) {
            throw new IllegalArgumentException(key + " must not be negative, not " + value);
        }
        return value;
    }
}
