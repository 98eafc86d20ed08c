package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RFC 7518 §3.2: an HS256 key must be at least as long as the hash output, 256 bits (32 bytes). */
class JwtSecretTest {

    @TempDir
    Path dataDir;

    @Test
    void aConfiguredSecretShorterThan32BytesIsRefusedNamingTheSettingAndTheMinimum() {
        String thirtyOneBytes = "a".repeat(31);

        assertThatThrownBy(() -> JwtSecret.configuredOrKeptIn(thirtyOneBytes, dataDir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HONGBAO_JWT_SECRET")
                .hasMessageContaining("hongbao.security.jwt-secret")
                .hasMessageContaining("31 bytes")
                .hasMessageContaining("at least 32 bytes");
    }

    @Test
    void aSecretIsCountedInUtf8BytesNotCharacters() {
        // 11 characters, 33 bytes in UTF-8: long enough.
        String chinese = "恭喜发财恭喜发财恭喜发";

        JwtSecret secret = JwtSecret.configuredOrKeptIn(chinese, dataDir);

        assertThat(secret.bytes()).hasSize(33);
    }

    @Test
    void aSecretOf32BytesIsAccepted() {
        JwtSecret secret = JwtSecret.configuredOrKeptIn("b".repeat(32), dataDir);

        assertThat(secret.bytes()).isEqualTo("b".repeat(32).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void everySecretIsCheckedNotOnlyAConfiguredOne() {
        assertThatThrownBy(() -> new JwtSecret("short".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 32 bytes");
    }

    @Test
    void theGeneratedSecretIsLongEnoughAndKeptAcrossStarts() throws Exception {
        JwtSecret generated = JwtSecret.configuredOrKeptIn(null, dataDir);
        JwtSecret again = JwtSecret.configuredOrKeptIn("", dataDir);

        assertThat(generated.bytes().length).isGreaterThanOrEqualTo(32);
        assertThat(again.bytes()).isEqualTo(generated.bytes());
        assertThat(Files.readString(dataDir.resolve(JwtSecret.FILE_NAME))).hasSize(64);
    }

    @Test
    void aShortSecretInTheDataFolderIsRefusedNamingTheFile() throws Exception {
        Files.writeString(dataDir.resolve(JwtSecret.FILE_NAME), "edited-by-hand");

        assertThatThrownBy(() -> JwtSecret.configuredOrKeptIn(null, dataDir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(dataDir.resolve(JwtSecret.FILE_NAME).toString())
                .hasMessageContaining("at least 32 bytes");
    }

    @Test
    void theGeneratedSecretIsReadableByItsOwnerOnly() throws Exception {
        JwtSecret.configuredOrKeptIn(null, dataDir);

        assertThat(Files.getPosixFilePermissions(dataDir.resolve(JwtSecret.FILE_NAME)))
                .containsExactlyInAnyOrderElementsOf(PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void aKeptSecretOthersCanReadIsNarrowedToItsOwnerAndKept() throws Exception {
        Path file = dataDir.resolve(JwtSecret.FILE_NAME);
        Files.writeString(file, "c".repeat(64));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        JwtSecret kept = JwtSecret.configuredOrKeptIn(null, dataDir);

        assertThat(kept.bytes()).isEqualTo("c".repeat(64).getBytes(StandardCharsets.UTF_8));
        assertThat(Files.getPosixFilePermissions(file))
                .containsExactlyInAnyOrderElementsOf(PosixFilePermissions.fromString("rw-------"));
    }
}
