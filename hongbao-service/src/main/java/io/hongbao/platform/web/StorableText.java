package io.hongbao.platform.web;

/**
 * Whether a text field can be stored and read back exactly as it was acknowledged. A lone UTF-16 surrogate (JSON's
 * {@code "\ud800"}) has no UTF-8 form: MariaDB's utf8mb4 would store something else than the answer echoed. A control
 * character (NUL, a line break, ESC ...) has no place in a name or a greeting and breaks the logs and pages that show
 * it. Everything else is kept as sent: CJK, emoji (four UTF-8 bytes), combining marks, right-to-left text.
 */
final class StorableText {

    private StorableText() {}

    /** What is wrong with {@code text}, or {@code null} when it can be stored as it is. */
    static String problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a character beyond the BMP, in its two halves
            } else if (Character.isSurrogate(c)) {
                return "a lone UTF-16 surrogate (" + codePoint(c) + ") at position " + i;
            } else if (Character.getType(c) == Character.CONTROL) {
                return "a control character (" + codePoint(c) + ") at position " + i;
            }
        }
        return null;
    }

    private static String codePoint(char c) {
        return String.format("U+%04X", (int) c);
    }
}
