package io.hongbao.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapInUseTest {

    @Test
    void sumsTheHeapPoolsAndLeavesTheOthersOut() {
        String exposition = String.join(
                "\n",
                "# HELP jvm_memory_used_bytes The amount of used memory",
                "# TYPE jvm_memory_used_bytes gauge",
                "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Eden Space\"} 1.048576E7",
                "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Old Gen\"} 2.097152E7",
                "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Survivor Space\"} 1048576.0",
                "jvm_memory_used_bytes{area=\"nonheap\",id=\"Metaspace\"} 9.9E7",
                "jvm_memory_max_bytes{area=\"heap\",id=\"G1 Old Gen\"} 1.073741824E9",
                "");
        assertThat(HeapInUse.heapBytes(exposition)).isEqualTo(10_485_760 + 20_971_520 + 1_048_576);
    }

    @Test
    void labelsInAnotherOrderStillCount() {
        assertThat(HeapInUse.heapBytes("jvm_memory_used_bytes{id=\"Tenured Gen\",area=\"heap\"} 42\n"))
                .isEqualTo(42);
    }

    @Test
    void noHeapSeriesReadsAsNaN() {
        assertThat(HeapInUse.heapBytes("process_uptime_seconds 12.5\n")).isNaN();
    }
}
