package io.hongbao.platform.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The HS256 secret. A configured one wins; otherwise one is generated once and kept in {@code <data-dir>/jwt-secret},
 * so tokens stay valid across restarts and the {@code token} command can sign with the same secret.
 *
 * <p>At least 32 bytes (its UTF-8 encoding): RFC 7518 §3.2 requires an HMAC key at least as long as the hash, 256 bits
 * for HS256; a shorter one makes forging a token a matter of guessing a short password. The service refuses to start
 * with one (docs/api.md, Authentication).
 */
public record JwtSecret(byte[] bytes) {

    /** RFC 7518 §3.2: the key must have at least as many bits as the hash output, 256 for SHA-256. */
    public static final int MIN_BYTES = 32;

    static final String FILE_NAME = "jwt-secret";

    public JwtSecret {
        if (bytes == null || bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException(tooShort("the JWT secret", bytes == null ? 0 : bytes.length));
        }
    }

    public static JwtSecret configuredOrKeptIn(String configured, Path dataDir) {
        if (configured != null && !configured.isBlank()) {
            byte[] bytes = configured.getBytes(StandardCharsets.UTF_8);
            if (bytes.length < MIN_BYTES) {
                throw new IllegalArgumentException(
                        tooShort("HONGBAO_JWT_SECRET (hongbao.security.jwt-secret)", bytes.length));
            }
            return new JwtSecret(bytes);
        }
        return keptIn(dataDir);
    }

    private static String tooShort(String what, int length) {
        return what + " is " + length + " bytes; an HS256 secret must be at least " + MIN_BYTES
                + " bytes (RFC 7518 §3.2). Set HONGBAO_JWT_SECRET (hongbao.security.jwt-secret) to at least "
                + MIN_BYTES
                + " random bytes, e.g. 64 hex digits from `openssl rand -hex 32`, or leave it empty in embedded mode to"
                + " have one generated.";
    }

    private static JwtSecret keptIn(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                // Written as hex text so an operator can copy it into HONGBAO_JWT_SECRET for other instances.
                Files.writeString(file, HexFormat.of().formatHex(random));
            }
            byte[] kept = Files.readString(file).trim().getBytes(StandardCharsets.UTF_8);
            if (kept.length < MIN_BYTES) {
                throw new IllegalArgumentException(tooShort("the JWT secret kept in " + file, kept.length));
            }
            return new JwtSecret(kept);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the JWT secret in " + file, e);
        }
    }
}
