package io.hongbao.support;

import java.util.Locale;

/** Cents as the web app shows them: ¥12.34, ¥1,000.00. */
public final class Yuan {

    private Yuan() {}

    public static String of(long cents) {
        return String.format(
                Locale.ROOT, "%s¥%,d.%02d", cents < 0 ? "−" : "", Math.abs(cents) / 100, Math.abs(cents) % 100);
    }
}
