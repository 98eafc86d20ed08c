package io.hongbao.redpacket.web;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.platform.web.ApiException;
import io.hongbao.redpacket.PacketLimits;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;

/**
 * The body of {@code POST /api/v1/packets}, checked field by field against docs/api.md, Red packets, and the
 * configured limits, so a bad request is refused before anything is touched.
 */
@Schema(description = "A new red packet")
record SendPacketRequest(
        @Schema(
                description = "cents to share: at least `count` (a cent a share), at most a configured limit"
                        + " (2,000,000 by default)",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                example = "10000")
        Long totalAmount,

        @Schema(
                description = "how many shares: at most a configured limit (1000 by default)",
                requiredMode = Schema.RequiredMode.REQUIRED,
                minimum = "1",
                example = "10")
        Integer count,

        @Schema(
                description = "`RANDOM` (lucky shares, the default) or `EQUAL` (the same share each;"
                        + " `totalAmount` must divide by `count`)",
                nullable = true,
                allowableValues = {"RANDOM", "EQUAL"},
                example = "RANDOM")
        String type,

        @Schema(
                description = "a greeting of at most " + MAX_GREETING + " characters; empty when absent",
                nullable = true,
                maxLength = MAX_GREETING,
                example = "恭喜发财")
        String greeting,

        @Schema(
                description = "seconds until unclaimed money goes back to the sender; " + DEFAULT_EXPIRY_SECONDS
                        + " when absent",
                nullable = true,
                minimum = "1",
                maximum = "" + MAX_EXPIRY_SECONDS,
                example = "86400")
        Long expiresInSeconds,

        @Schema(
                description = "a group whose members alone may grab; null or absent for everyone",
                nullable = true,
                example = "1m854zc7rcp511m5sr0t")
        String groupId) {

    static final long DEFAULT_EXPIRY_SECONDS = 86_400;
    static final long MAX_EXPIRY_SECONDS = 604_800;
    static final int MAX_GREETING = 100;

    SendRedPacketCommand toCommand(long sender, PacketLimits limits) {
        if (count == null || count < 1 || count > limits.maxCount()) {
            throw ApiException.validation("count must be 1.." + limits.maxCount());
        }
        if (totalAmount == null || totalAmount < count || totalAmount > limits.maxTotalAmount()) {
            throw ApiException.validation(
                    "totalAmount must be at least count (a cent a share) and at most " + limits.maxTotalAmount());
        }
        PacketType packetType = packetType();
        if (packetType == PacketType.EQUAL && totalAmount % count != 0) {
            throw ApiException.validation("an EQUAL packet's totalAmount must divide by count");
        }
        long seconds = expiresInSeconds == null ? DEFAULT_EXPIRY_SECONDS : expiresInSeconds;
        if (seconds < 1 || seconds > MAX_EXPIRY_SECONDS) {
            throw ApiException.validation("expiresInSeconds must be 1.." + MAX_EXPIRY_SECONDS);
        }
        String text = greeting == null ? "" : greeting;
        if (text.codePointCount(0, text.length()) > MAX_GREETING) {
            throw ApiException.validation("greeting is at most " + MAX_GREETING + " characters");
        }
        return new SendRedPacketCommand(
                UserId.of(sender),
                Cents.of(totalAmount),
                count,
                packetType,
                text,
                Duration.ofSeconds(seconds),
                group());
    }

    private PacketType packetType() {
        if (type == null) {
            return PacketType.RANDOM;
        }
        try {
            return PacketType.valueOf(type);
        } catch (IllegalArgumentException e) {
            throw ApiException.validation("type must be RANDOM or EQUAL");
        }
    }

    private GroupId group() {
        if (groupId == null) {
            return null;
        }
        if (!OpaqueIds.isWellFormed(groupId)) {
            throw ApiException.notFound("no such group");
        }
        return new GroupId(groupId);
    }
}
