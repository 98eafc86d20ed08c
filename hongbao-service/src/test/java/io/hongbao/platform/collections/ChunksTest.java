package io.hongbao.platform.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChunksTest {

    @Test
    void cutsIntoFullChunksAndALastShorterOne() {
        assertThat(Chunks.of(List.of(1, 2, 3, 4, 5), 2)).containsExactly(List.of(1, 2), List.of(3, 4), List.of(5));
    }

    @Test
    void anExactMultipleHasNoEmptyLastChunk() {
        assertThat(Chunks.of(List.of(1, 2, 3, 4), 2)).containsExactly(List.of(1, 2), List.of(3, 4));
    }

    @Test
    void anEmptyListHasNoChunks() {
        assertThat(Chunks.of(List.of(), 3)).isEmpty();
    }

    @Test
    void refusesChunksOfNothing() {
        assertThatThrownBy(() -> Chunks.of(List.of(1), 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
