import CKModel

extension RecordsModify.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
        for operation in operations {
            details.operationCounts[operation.operationType.rawValue, default: 0] += 1
            if let type = operation.record.recordType { details.recordTypes.insert(type) }
            details.name(operation.record.recordName)
        }
    }
}

extension RecordsModify.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(records) { details, record in
            details.recordsWritten += 1
            if let type = record.recordType { details.recordTypes.insert(type) }
        }
    }
}

extension RecordsQuery.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
        details.recordTypes.insert(query.recordType)
    }
}

extension RecordsQuery.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(records) { $0.read($1) }
    }
}

extension RecordsLookup.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
        records.forEach { details.name($0.recordName) }
    }
}

extension RecordsLookup.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(records) { $0.read($1) }
    }
}

extension RecordsChanges.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
    }
}

extension RecordsChanges.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        records.forEach { details.read($0) }
    }
}

extension ChangesZone.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        zones.forEach { details.zone($0.zoneID) }
    }
}

extension ChangesZone.Response: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.count(zones) { details, changes in changes.records.forEach { details.read($0) } }
    }
}
