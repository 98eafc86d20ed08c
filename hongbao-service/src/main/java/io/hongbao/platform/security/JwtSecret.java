package io.hongbao.platform.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private static final Logger log = LoggerFactory.getLogger(JwtSecret.class);

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

    /** The POSIX file system's owner-only permissions; elsewhere (Windows) the file system's defaults. */
    private static void createOwnerOnly(Path file) throws IOException {
        if (posix(file)) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } else {
            Files.createFile(file);
        }
    }

    /**
     * A kept secret others may read (written by a version before change 21 with the process' umask, or copied in by
     * hand) is narrowed to owner-only, with a warning, rather than refused: refusing would stop every existing embedded
     * install at its next start for a file the service itself wrote, and the fix an operator would make is the same
     * chmod. The warning says how to rotate the secret if someone may have read it meanwhile.
     */
    private static void narrowToOwner(Path file) throws IOException {
        if (!posix(file)) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (!OWNER_ONLY.containsAll(permissions)) {
            Files.setPosixFilePermissions(file, OWNER_ONLY);
            log.warn(
                    "The JWT secret {} was readable by others ({}); narrowed to owner only (rw-------). If anyone may"
                            + " have read it, stop the service and delete the file: a new secret is generated and"
                            + " every token signed with the old one is refused.",
                    file,
                    PosixFilePermissions.toString(permissions));
        }
    }

    private static boolean posix(Path file) {
        return file.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static JwtSecret keptIn(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                // Created owner-only (0600) before a byte is written, never widened then narrowed: whoever reads it
                // can sign admin tokens. Written as hex text so an operator can copy it into HONGBAO_JWT_SECRET.
                createOwnerOnly(file);
                Files.writeString(file, HexFormat.of().formatHex(random));
            } else {
                narrowToOwner(file);
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
