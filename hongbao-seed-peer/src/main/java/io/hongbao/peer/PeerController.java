package io.hongbao.peer;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
class PeerController {

    private final PeerPackets packets;

    PeerController(PeerPackets packets) {
        this.packets = packets;
    }

    @PostMapping("/api/v1/packets/{id}/grab")
    ResponseEntity<Object> grab(@PathVariable String id, @RequestAttribute(JwtFilter.USER_ID) long userId) {
        GrabAnswer answer = packets.grab(id, userId);
        if (answer == null) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND)
                    .body(Map.of("code", "NOT_FOUND", "message", "no packet " + id));
        }
        return ResponseEntity.ok(answer);
    }

    /** Set-up only, unauthenticated: creates a RANDOM packet with pre-split shares, as the sources did at send. */
    @PostMapping("/peer/packets")
    ResponseEntity<Map<String, String>> create(@RequestBody CreateRequest request) {
        if (request.count() < 1 || request.count() > 1000 || request.totalAmount() < request.count()) {
            return ResponseEntity.badRequest()
                    .body(Map.of("code", "VALIDATION_FAILED", "message", "count 1..1000, totalAmount >= count"));
        }
        String id = packets.create(
                ShareSplitter.split(request.totalAmount(), request.count(), ThreadLocalRandom.current()));
        return ResponseEntity.status(HttpStatus.CREATED).body(Map.of("id", id));
    }

    @GetMapping("/peer/health")
    ResponseEntity<Map<String, String>> health() {
        return packets.ping()
                ? ResponseEntity.ok(Map.of("status", "UP"))
                : ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("status", "DOWN"));
    }

    record CreateRequest(long totalAmount, int count) {}
}
