package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResidentMemoryTest {

    @Test
    void readsVmRssInKilobytesFromAProcStatusText() {
        String status = String.join(
                "\n",
                "Name:\tjava",
                "State:\tS (sleeping)",
                "VmPeak:\t 5412340 kB",
                "VmHWM:\t  812344 kB",
                "VmRSS:\t  523776 kB",
                "RssAnon:\t  480000 kB",
                "Threads:\t42");
        assertThat(ResidentMemory.kilobytes(status)).isEqualTo(523_776);
    }

    @Test
    void aStatusWithoutVmRssReadsAsMinusOne() {
        assertThat(ResidentMemory.kilobytes("Name:\tjava\nState:\tZ (zombie)\n"))
                .isEqualTo(-1);
    }

    @Test
    void theBenchItselfHasAnRssInMegabytes() {
        assertThat(ResidentMemory.megabytes(ProcessHandle.current().pid())).isGreaterThan(1);
    }

    @Test
    void aProcessThatIsGoneHasNoRss() {
        assertThat(ResidentMemory.megabytes(Long.MAX_VALUE)).isNaN();
    }
}
