import CKModel
import Foundation
import Testing

@testable import Dashboard

/// The audit log's filters as typed, made into the server's filter and the title's summary.
@Suite("AuditCriteria: what is typed, what the server gets")
struct AuditCriteriaTests {
    private let container = ContainerID(rawValue: "iCloud.com.example.Party")!
    private let now = Date(timeIntervalSince1970: 1_795_477_272)

    @Test("times are counted back from now, empty fields filter nothing, the container only when asked")
    func filter() {
        let criteria = AuditCriteria(since: "2h", until: "2026-11-23", tokenName: "ci", kind: "schema", thisContainerOnly: true)
        #expect(criteria.filter(container: container, now: now) == ManagementAudit.Filter(
            container: container, action: "schema", tokenName: "ci", since: 1_795_470_072_000, until: 1_795_392_000_000))
        #expect(criteria.summary == "since 2h, until 2026-11-23, by ci, schema, this container")
        #expect(AuditCriteria().filter(container: container, now: now) == ManagementAudit.Filter())
        #expect(AuditCriteria().summary.isEmpty)
    }

    @Test("the form's values come back as criteria: choices by their text, fields trimmed")
    func fromValues() {
        let values = ["since": " 7d ", "until": "", "token": "ci", "kind": "every kind", "container": "every container"]
        #expect(AuditCriteria(values: values) == AuditCriteria(since: "7d", tokenName: "ci"))
        let narrowed = ["since": "", "until": "", "token": "", "kind": "apiToken", "container": "only iCloud.com.example.Party"]
        #expect(AuditCriteria(values: narrowed) == AuditCriteria(kind: "apiToken", thisContainerOnly: true))
    }
}
