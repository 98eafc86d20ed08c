package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class EmbeddedRedisConfigTest {

    @Test
    void theEmbeddedRedisRefusesWritesPastItsMaxmemoryAndNeverEvicts() {
        String config = EmbeddedRedisConfig.text(Path.of("/data/redis"), 6399, 1_073_741_824L);

        assertThat(config).contains("\nmaxmemory 1073741824\n").contains("\nmaxmemory-policy noeviction\n");
    }
}
