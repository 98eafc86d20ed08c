package io.hongbao.group;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.group.application.CreatingGroup;
import io.hongbao.group.application.ReadingGroup;
import io.hongbao.group.infrastructure.GroupsAtHomeCheck;
import io.hongbao.group.infrastructure.HomedGroupIds;
import io.hongbao.group.infrastructure.JdbcGroups;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.EachDatabase;
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
    CreatingGroup creatingGroup(Groups groups, DatabaseShards shards, GroupSettings settings) {
        return new CreatingGroup(groups, new HomedGroupIds(shards), settings.maxMembers());
    }

    @Bean
    ReadingGroup readingGroup(Groups groups) {
        return new ReadingGroup(groups);
    }

    /** The groups' audit check; {@code AuditConfiguration} orders it by name. */
    @Bean
    AuditCheck groupsAtHomeCheck(EachDatabase databases, DatabaseShards shards, AuditPaging paging) {
        return new GroupsAtHomeCheck(databases, shards, paging);
    }
}
