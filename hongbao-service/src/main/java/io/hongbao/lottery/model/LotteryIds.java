package io.hongbao.lottery.model;

import java.util.regex.Pattern;

/** The ids of the lottery are lower-case UUID strings: short, unguessable, and safe inside Redis key names. */
final class LotteryIds {

    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private LotteryIds() {}

    static boolean isUuid(String value) {
        return value != null && UUID.matcher(value).matches();
    }
}
