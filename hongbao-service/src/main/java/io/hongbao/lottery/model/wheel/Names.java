package io.hongbao.lottery.model.wheel;

/** Display names of wheels and prizes: 1 to 100 characters, not only blanks. */
public final class Names {

    public static final int MAX_LENGTH = 100;

    private Names() {}

    static void check(String what, String name) {
        if (name == null || name.isBlank() || name.length() > MAX_LENGTH) {
            throw new IllegalArgumentException(what + " must be 1.." + MAX_LENGTH + " characters, not blank");
        }
    }
}
