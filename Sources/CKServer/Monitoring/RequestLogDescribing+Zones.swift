import CKModel

extension Zones.LookupRequest: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        zones.forEach { details.zone($0) }
    }
}

extension Zones.ModifyRequest: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        for operation in operations {
            details.zone(operation.zone.zoneID)
            details.operationCounts[operation.operationType.rawValue, default: 0] += 1
        }
    }
}

extension Zones.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(zones) { _, _ in }
    }
}

extension Subscriptions.ModifyRequest: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        for operation in operations {
            details.operationCounts[operation.operationType.rawValue, default: 0] += 1
        }
    }
}

extension Subscriptions.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(subscriptions) { _, _ in }
    }
}
