package io.hongbao.redpacket;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code hongbao.limits.*}: the contract's configurable bounds of a packet. */
@ConfigurationProperties("hongbao.limits")
public record PacketLimits(int maxCount, long maxTotalAmount) {

    public PacketLimits {
        maxCount = maxCount <= 0 ? 1000 : maxCount;
        maxTotalAmount = maxTotalAmount <= 0 ? 2_000_000 : maxTotalAmount;
    }
}
