package io.hongbao.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/** Reading Redis' {@code INFO} answers, for the benchmarks that count a server's CPU and commands. */
public final class RedisInfo {

    private RedisInfo() {}

    /** The {@code name:value} lines of an {@code INFO} answer. */
    public static Map<String, String> fields(String info) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith("#")) {
                fields.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return fields;
    }
}
