package io.hongbao.group.model;

import io.hongbao.platform.ids.OpaqueIds;

/** A group's opaque id, chosen by the server. */
public record GroupId(String value) {

    public GroupId {
        if (!OpaqueIds.isWellFormed(value)) {
            throw new IllegalArgumentException("not a group id: " + value);
        }
    }

    public static GroupId generate() {
        return new GroupId(OpaqueIds.next());
    }
}
