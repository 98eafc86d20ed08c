package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server binary held open for writing (as a forked child of another thread holds it for a moment) is refused by the
 * kernel with ETXTBSY: the start waits the refusal out instead of failing the server. A copy of true(1) plays the
 * binary; this JVM itself holds it open.
 */
class ProcessStartsTest {

    @TempDir
    Path folder;

    @Test
    void aStartWhileAnotherHoldsTheBinaryOpenForWritingSucceedsOnceItIsClosed() throws Exception {
        Path binary = copyOfTrue();
        OutputStream heldOpen = Files.newOutputStream(binary, StandardOpenOption.APPEND);
        assertThatThrownBy(() -> new ProcessBuilder(binary.toString()).start())
                .as("the kernel refuses a binary open for writing (what the retry is for)")
                .hasMessageContaining("error=26");

        CompletableFuture<Void> closedLater = CompletableFuture.runAsync(
                () -> closeQuietly(heldOpen), CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
        Process process = ProcessStarts.start(new ProcessBuilder(binary.toString()));

        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        closedLater.join();
    }

    @Test
    void anyOtherFailureToStartIsReportedAtOnce() {
        Path missing = folder.resolve("no-such-binary");

        assertThatThrownBy(() -> ProcessStarts.start(new ProcessBuilder(missing.toString())))
                .isInstanceOf(IOException.class)
                .hasMessageNotContaining("error=26");
    }

    private Path copyOfTrue() throws IOException {
        Path binary = folder.resolve("server");
        Files.copy(Path.of("/bin/true"), binary, StandardCopyOption.REPLACE_EXISTING);
        assertThat(binary.toFile().setExecutable(true)).isTrue();
        return binary;
    }

    private static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
