package io.hongbao.bench.http;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 60s}, {@code 2m}, {@code 500ms}, {@code 1h} or an ISO-8601 duration ({@code PT60S}). */
public final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (text.startsWith("pt") || text.startsWith("p")) {
                return Duration.parse(text.toUpperCase(Locale.ROOT));
            }
            if (text.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            long amount = Long.parseLong(text.substring(0, text.length() - 1));
            switch (text.charAt(text.length() - 1)) {
                case 's':
                    return Duration.ofSeconds(amount);
                case 'm':
                    return Duration.ofMinutes(amount);
                case 'h':
                    return Duration.ofHours(amount);
                default:
                    return Duration.ofSeconds(Long.parseLong(text));
            }
        } catch (RuntimeException e) {
            throw new TypeConversionException("not a duration: '" + value + "' (try 60s, 2m, 500ms or PT60S)");
        }
    }
}
