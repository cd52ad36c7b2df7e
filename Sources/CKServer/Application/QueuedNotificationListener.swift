import ServiceLifecycle

/// Rings the courier bell for the notifications any server sharing the storage queues, for as long as the server
/// runs, so a courier waiting here answers as soon as a save through another server fires for it.
struct QueuedNotificationListener: Service {
    let storage: any ServerStorage
    let bell: CourierBell

    func run() async throws {
        // Listening ends only when the server stops (an engine's listener reconnects by itself), which ends it with
        // a cancellation: nothing to report.
        try? await cancelWhenGracefulShutdown {
            try await storage.listenForQueuedNotifications { [bell] token in bell.ring([token]) }
        }
        // An engine without a channel returns at once: the service stays until the server stops, since a service
        // that ends stops the others.
        try? await gracefulShutdown()
    }
}
