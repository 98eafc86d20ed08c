package io.hongbao.platform.ids;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UserIdsTest {

    @Test
    void theLargestUserIdIsJavaScriptsLargestSafeIntegerAndItsTextSaysTheSame() {
        assertThat(UserIds.MAX).isEqualTo(9_007_199_254_740_991L);
        assertThat(Long.parseLong(UserIds.MAX_TEXT)).isEqualTo(UserIds.MAX);
        // a double holds it exactly; past it, two integers share one double
        assertThat((long) (double) UserIds.MAX).isEqualTo(UserIds.MAX);
        assertThat((double) (UserIds.MAX + 1)).isEqualTo((double) (UserIds.MAX + 2));
    }

    @Test
    void oneToTheLargestAreUserIdsAndNothingOutside() {
        assertThat(UserIds.valid(1)).isTrue();
        assertThat(UserIds.valid(UserIds.MAX)).isTrue();
        assertThat(UserIds.valid(0)).isFalse();
        assertThat(UserIds.valid(-7)).isFalse();
        assertThat(UserIds.valid(UserIds.MAX + 1)).isFalse();
        assertThat(UserIds.valid(Long.MAX_VALUE)).isFalse();
    }
}
