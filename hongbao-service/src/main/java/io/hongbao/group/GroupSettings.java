package io.hongbao.group;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code hongbao.redpacket.groups.*}: groups exist to address group packets, so they live in that section. */
@ConfigurationProperties("hongbao.redpacket.groups")
public record GroupSettings(int maxMembers) {

    public GroupSettings {
        maxMembers = maxMembers <= 0 ? 1000 : maxMembers;
    }
}
