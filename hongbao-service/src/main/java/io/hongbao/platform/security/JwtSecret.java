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
 */
public record JwtSecret(byte[] bytes) {

    static final String FILE_NAME = "jwt-secret";

    public JwtSecret {
        if (bytes == null || bytes.length == 0) {
            throw new IllegalArgumentException("the JWT secret must not be empty");
        }
    }

    public static JwtSecret configuredOrKeptIn(String configured, Path dataDir) {
        if (configured != null && !configured.isBlank()) {
            return new JwtSecret(configured.getBytes(StandardCharsets.UTF_8));
        }
        return keptIn(dataDir);
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
            return new JwtSecret(Files.readString(file).trim().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the JWT secret in " + file, e);
        }
    }
}
