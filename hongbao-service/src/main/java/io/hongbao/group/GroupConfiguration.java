package io.hongbao.group;

import io.hongbao.group.application.CreatingGroup;
import io.hongbao.group.application.ReadingGroup;
import io.hongbao.group.infrastructure.JdbcGroups;
import io.hongbao.group.model.Groups;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the groups feature. */
@Configuration(proxyBeanMethods = false)
class GroupConfiguration {

    @Bean
    Groups groups(JdbcClient jdbc, Clock clock) {
        return new JdbcGroups(jdbc, clock);
    }

    @Bean
    CreatingGroup creatingGroup(Groups groups, GroupSettings settings) {
        return new CreatingGroup(groups, settings.maxMembers());
    }

    @Bean
    ReadingGroup readingGroup(Groups groups) {
        return new ReadingGroup(groups);
    }
}
