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

extension RecordsLookup.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
        records.forEach { details.name($0.recordName) }
    }
}

extension RecordsChanges.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        details.zone(zoneID)
    }
}

extension ChangesZone.Request: RequestLogDescribing {
    func describe(to details: inout RequestLogNote.Details) {
        zones.forEach { details.zone($0.zoneID) }
    }
}

