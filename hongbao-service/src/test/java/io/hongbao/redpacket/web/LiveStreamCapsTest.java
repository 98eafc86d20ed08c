package io.hongbao.redpacket.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hongbao.redpacket.web.LiveStreamCaps.Admitted;
import io.hongbao.redpacket.web.LiveStreamCaps.OverInstanceCap;
import io.hongbao.redpacket.web.LiveStreamCaps.OverUserCap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class LiveStreamCapsTest {

    @Test
    void aUserBeyondTheirCapIsRefusedWhileOthersAreStillAdmitted() {
        LiveStreamCaps caps = new LiveStreamCaps(2, 100);
        assertThat(caps.admit(7)).isInstanceOf(Admitted.class);
        assertThat(caps.admit(7)).isInstanceOf(Admitted.class);

        assertThat(caps.admit(7)).isEqualTo(new OverUserCap(2));
        assertThat(caps.admit(8)).isInstanceOf(Admitted.class);
        assertThat(caps.open()).isEqualTo(3);
        assertThat(caps.openBy(7)).isEqualTo(2);
    }

    @Test
    void theInstanceBeyondItsCapRefusesAnyoneAndTheRefusalHoldsNoSlot() {
        LiveStreamCaps caps = new LiveStreamCaps(5, 2);
        caps.admit(1);
        caps.admit(2);

        assertThat(caps.admit(3)).isEqualTo(new OverInstanceCap(2));
        assertThat(caps.open()).isEqualTo(2);
        assertThat(caps.openBy(3)).isZero();
    }

    @Test
    void aReleasedSlotIsFreeAgainAndReleasingTwiceReleasesOnce() {
        LiveStreamCaps caps = new LiveStreamCaps(1, 2);
        Admitted first = (Admitted) caps.admit(7);
        caps.admit(8);

        first.slot().release();
        first.slot().release();

        assertThat(caps.open()).isEqualTo(1);
        assertThat(caps.admit(7)).isInstanceOf(Admitted.class);
        assertThat(caps.admit(9)).isInstanceOf(OverInstanceCap.class);
    }

    @Test
    void theCapsHoldUnderConcurrentAdmissions() throws Exception {
        LiveStreamCaps caps = new LiveStreamCaps(3, 50);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<CompletableFuture<LiveStreamCaps.Admission>> all = new ArrayList<>();
        try {
            for (int i = 0; i < 400; i++) {
                long user = i % 40;
                all.add(CompletableFuture.supplyAsync(() -> caps.admit(user), pool));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        } finally {
            pool.shutdownNow();
        }
        long admitted = all.stream().filter(a -> a.join() instanceof Admitted).count();
        assertThat(admitted).isEqualTo(50);
        assertThat(caps.open()).isEqualTo(50);
        for (long user = 0; user < 40; user++) {
            assertThat(caps.openBy(user)).isLessThanOrEqualTo(3);
        }
    }

    @Test
    void theCapsMustBePositive() {
        assertThatIllegalArgumentException().isThrownBy(() -> new LiveStreamCaps(0, 1));
        assertThatIllegalArgumentException().isThrownBy(() -> new LiveStreamCaps(1, 0));
    }
}
