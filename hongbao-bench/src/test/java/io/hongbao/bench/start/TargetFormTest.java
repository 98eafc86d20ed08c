package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetFormTest {

    @TempDir
    Path folder;

    @Test
    void aFastFormFolderWithAnArchiveStartsWithIt() throws Exception {
        Files.createFile(folder.resolve(TargetForm.JAR));
        Files.createFile(folder.resolve(TargetForm.ARCHIVE));
        TargetForm form = new TargetForm("candidate", folder);
        assertThat(form.command("/jdk/bin/java", List.of("-Xmx1g"), 18080, Path.of("/runs/data")))
                .containsExactly(
                        "/jdk/bin/java",
                        "-Xmx1g",
                        "-XX:SharedArchiveFile=" + folder.resolve(TargetForm.ARCHIVE),
                        "-jar",
                        folder.resolve(TargetForm.JAR).toString(),
                        "--server.port=18080",
                        "--hongbao.data-dir=/runs/data");
    }

    @Test
    void aFastFormFolderWithoutAnArchiveStartsWithoutOne() throws Exception {
        Files.createFile(folder.resolve(TargetForm.JAR));
        TargetForm form = new TargetForm("baseline", folder);
        assertThat(form.classDataArchive()).isFalse();
        assertThat(form.command("java", List.of(), 1, Path.of("/d")))
                .containsExactly(
                        "java",
                        "-jar",
                        folder.resolve(TargetForm.JAR).toString(),
                        "--server.port=1",
                        "--hongbao.data-dir=/d");
    }

    @Test
    void aJarFileIsStartedAsItIs() throws Exception {
        Path jar = Files.createFile(folder.resolve("hongbao-exec.jar"));
        TargetForm form = new TargetForm("candidate", jar);
        assertThat(form.jar()).isEqualTo(jar);
        assertThat(form.command("java", List.of(), 1, Path.of("/d"))).contains("-jar", jar.toString());
        assertThat(form.classDataArchive()).isFalse();
    }

    @Test
    void aFolderWithoutTheJarOrAMissingPathIsRefused() {
        assertThatThrownBy(() -> new TargetForm("candidate", folder))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(TargetForm.JAR);
        assertThatThrownBy(() -> new TargetForm("candidate", folder.resolve("nothing")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("missing");
    }
}
