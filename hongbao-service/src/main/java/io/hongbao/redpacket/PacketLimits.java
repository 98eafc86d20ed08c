package io.hongbao.redpacket;

import io.hongbao.platform.settings.Setting;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.limits.*}: the contract's configurable bounds of a packet. They keep the prefix the contract names
 * them by, so they are a record of their own beside {@link RedPacketSettings}; the defaults are in
 * {@code application.yml}.
 */
@ConfigurationProperties("hongbao.limits")
public record PacketLimits(int maxCount, long maxTotalAmount) {

    public PacketLimits {
        Setting.positive(maxCount, "hongbao.limits.max-count");
        Setting.positive(maxTotalAmount, "hongbao.limits.max-total-amount");
    }
}
