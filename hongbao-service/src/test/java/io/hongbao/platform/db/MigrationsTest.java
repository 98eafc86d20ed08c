package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MigrationsTest {

    @Test
    void shards_at_the_same_version_pass() {
        assertThatCode(() -> Migrations.checkSameVersion(List.of("43", "43", "43")))
                .doesNotThrowAnyException();
    }

    @Test
    void a_shard_at_another_version_refuses_the_start_naming_each_shards_version() {
        assertThatThrownBy(() -> Migrations.checkSameVersion(List.of("43", "42", "43")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("shard 0 at V43, shard 1 at V42, shard 2 at V43")
                .hasMessageContaining("hongbao.db.shards");
    }
}
