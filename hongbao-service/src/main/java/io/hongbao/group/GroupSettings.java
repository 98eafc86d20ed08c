package io.hongbao.group;

import io.hongbao.platform.settings.Setting;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.groups.*}; the defaults are in {@code application.yml}.
 *
 * @param maxMembers the most members a group may have, its creator included
 */
@ConfigurationProperties("hongbao.groups")
public record GroupSettings(int maxMembers) {

    public GroupSettings {
        Setting.positive(maxMembers, "hongbao.groups.max-members");
    }
}
