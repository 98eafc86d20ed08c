package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs MariaDB's real installer. */
class InstallOnceDBIT {

    @TempDir
    Path root;

    @Test
    void anInstallThatFailsIsTriedAgainIntoAnEmptiedDataFolder() throws Exception {
        Path data = Files.createDirectories(root.resolve("data"));
        // the installer creates data/mysql for the system tables: a file of that name makes its first try fail
        Files.writeString(data.resolve("mysql"), "in the way");
        InstallOnceDB db = new InstallOnceDB(EmbeddedMariaDb.configuration(root, data, FreePort.pick()));

        db.prepare(root.resolve("base").resolve(".unpacked"), root.resolve("installed"));

        assertThat(root.resolve("installed")).exists();
        assertThat(data.resolve("mysql")).isDirectory();
        assertThat(data.resolve("mysql").resolve("user.frm")).exists();
    }
}
