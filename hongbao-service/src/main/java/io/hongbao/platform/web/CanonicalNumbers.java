package io.hongbao.platform.web;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * The one parser of numbers in paths and query strings: plain decimal digits within the type's range, nothing else.
 * Spring's own binding decodes {@code 0x10} and {@code #10} as 16, accepts {@code +7}, {@code 007} and surrounding
 * spaces, and takes an empty value as absent: a user id written one way must not reach another user, and a value
 * sent empty is a mistake worth a 400 (with the contract's body, by {@link ApiExceptionHandler}) rather than a default.
 *
 * <p>A property editor on every binder, not a converter: a binder whose conversion service refuses a value falls back
 * to its default editors, which are exactly the loose ones; an editor registered for the type is asked instead.
 */
@ControllerAdvice
final class CanonicalNumbers {

    static final String RULE = "plain decimal digits (no sign, no leading zero, no spaces)";

    @InitBinder
    void onlyPlainDigits(WebDataBinder binder) {
        // Editors hold the value being converted: new ones for each binder.
        binder.registerCustomEditor(long.class, new Strict(CanonicalNumbers::parseLong));
        binder.registerCustomEditor(Long.class, new Strict(CanonicalNumbers::parseLong));
        binder.registerCustomEditor(int.class, new Strict(CanonicalNumbers::parseInt));
        binder.registerCustomEditor(Integer.class, new Strict(CanonicalNumbers::parseInt));
    }

    private static final class Strict extends PropertyEditorSupport {
        private final Function<String, Number> parse;

        Strict(Function<String, Number> parse) {
            this.parse = parse;
        }

        @Override
        public void setAsText(String text) {
            setValue(parse.apply(text));
        }
    }

    static long parseLong(String text) {
        requireCanonical(text);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooLarge) {
            throw new IllegalArgumentException("'" + text + "' is out of range: at most " + Long.MAX_VALUE);
        }
    }

    static int parseInt(String text) {
        requireCanonical(text);
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException tooLarge) {
            throw new IllegalArgumentException("'" + text + "' is out of range: at most " + Integer.MAX_VALUE);
        }
    }

    private static void requireCanonical(String text) {
        if (!isCanonical(text)) {
            throw new IllegalArgumentException("'" + text + "' is not a number: " + RULE);
        }
    }

    static boolean isCanonical(String text) {
        if (text.isEmpty() || (text.length() > 1 && text.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
